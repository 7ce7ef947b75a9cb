import { type ChainDeposit, formatMoney, type UsdtNetwork } from '@prism/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/Field';
import { Form } from '../../../components/Form';
import { SubmitButton } from '../../../components/SubmitButton';
import { useForm } from '../../../lib/form';
import { useIntent } from '../../../lib/intent';
import { formatShort, parseAmountInput } from '../../../lib/money';
import { useThrottled } from '../../../lib/throttle';
import { useSimulateDeposit } from '../api/simulateDeposit';

/**
 * Play-money mode only (the server says `simulate`): a clearly marked DEMO
 * action that makes a USDT deposit of the chosen amount "arrive" at the
 * user's own address. The server plays the chain, and the deposit is credited
 * as any deposit is, so a newcomer can try the whole USDT flow.
 */
export function SimulateDeposit({ network }: { network: UsdtNetwork }) {
  const { t } = useTranslation();
  const form = useForm({ amount: '100' });
  const simulate = useSimulateDeposit();
  const intent = useIntent();
  const [done, setDone] = useState<ChainDeposit | undefined>();

  const submit = useThrottled(() => {
    const parsed = parseAmountInput(form.values.amount);
    if (!form.check({ amount: parsed.ok ? undefined : parsed.error }) || !parsed.ok) return;
    const input = { walletType: network, amount: formatMoney(parsed.value) };
    setDone(undefined);
    simulate.mutate(
      { input, idempotencyKey: intent.keyFor(input) },
      {
        onSuccess: (deposit) => {
          intent.settle();
          setDone(deposit);
        },
        onError: (error) => {
          intent.settle(error);
          form.fail(error);
        },
      },
    );
  });

  return (
    <Form onSubmit={submit} className="simulate-deposit">
      <p className="note note-demo">
        <span className="badge badge-demo">{t('recharge.simulate.badge')}</span> {t('recharge.simulate.note', { network })}
      </p>
      <Field label={t('recharge.simulate.amount')} inputMode="decimal" autoComplete="off" maxLength={12} {...form.bind('amount')} />
      <SubmitButton pending={simulate.isPending} data-testid="simulate-deposit">
        {t('recharge.simulate.submit')}
      </SubmitButton>
      {done && (
        <p className="note" role="status" data-testid="simulate-deposit-result">
          {t(done.status === 'credited' ? 'recharge.simulate.credited' : 'recharge.simulate.notCredited', {
            amount: formatShort(done.amount),
            network: done.network,
          })}
        </p>
      )}
    </Form>
  );
}
