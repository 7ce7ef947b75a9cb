import '../../../styles/wallet.css';
import { type FixedDeposit, formatMoney } from '@prism/domain';
import { useTranslation } from 'react-i18next';
import { AmountField } from '../../../components/AmountField';
import { Card } from '../../../components/Card';
import { ConfirmButton } from '../../../components/ConfirmButton';
import { EmptyState } from '../../../components/EmptyState';
import { Fact } from '../../../components/Fact';
import { Form } from '../../../components/Form';
import { PageLoading } from '../../../components/PageLoading';
import { useForm } from '../../../lib/form';
import { useKeyedSubmit } from '../../../lib/keyedSubmit';
import { parseAmountInput, toMinor } from '../../../lib/money';
import { useClosingConfirmation } from '../../../lib/native';
import { useNavigation } from '../../../lib/navigation';
import { itemsOf } from '../../../lib/paging';
import { useThrottled } from '../../../lib/throttle';
import { toast } from '../../../lib/toast';
import { useDeposits, useTransferOut } from '../api/fixedDeposit';

/** Transfer out of one deposit (?id=): an amount is required, part of the principal is allowed; that part stops earning. */
export function TransferOutScreen({ id }: { id: number }) {
  const { t } = useTranslation();
  const deposits = useDeposits();
  if (deposits.isPending) return <PageLoading />;
  const deposit = itemsOf(deposits.data?.pages).find((entry) => entry.id === id);
  if (deposit?.status !== 'holding') return <EmptyState message={t('deposit.notHolding')} />;
  return <TransferOutForm deposit={deposit} />;
}

function TransferOutForm({ deposit }: { deposit: FixedDeposit }) {
  const { t } = useTranslation();
  const { t: tm } = useTranslation('msg');
  const { navigateBack } = useNavigation();
  const form = useForm({ amount: '' });
  // Telegram asks before closing while the form holds unsent input (docs/telegram.md).
  useClosingConfirmation(form.dirty);
  const mutation = useTransferOut();
  const send = useKeyedSubmit(mutation, {
    done: (result) => {
      toast(t('deposit.transferDone', { amount: result.amount, coin: deposit.coin }));
      navigateBack();
    },
    failed: form.fail,
  });
  const amount = parseAmountInput(form.values.amount);
  const over = amount.ok && amount.value > toMinor(deposit.principal);

  const submit = useThrottled(() => {
    const error = !amount.ok
      ? amount.error === 'AMOUNT_REQUIRED'
        ? 'TRANSFER_AMOUNT_REQUIRED'
        : amount.error
      : over
        ? 'TRANSFER_OUT_OVER_PRINCIPAL'
        : undefined;
    if (!form.check({ amount: error }) || !amount.ok) return;
    send({ id: deposit.id, amount: formatMoney(amount.value) });
  });

  return (
    <Card title={deposit.name}>
      <Form onSubmit={submit}>
        <dl className="preview">
          <Fact label={t('deposit.principal')} value={`${deposit.principal} ${deposit.coin}`} />
          <Fact label={t('deposit.interest')} value={deposit.interest} />
        </dl>
        <AmountField
          label={t('deposit.outAmount', { coin: deposit.coin })}
          max={deposit.principal}
          maxLabel={t('deposit.all')}
          onMax={(value) => {
            form.setValues({ amount: value });
            form.setErrors({});
          }}
          testId="deposit-out-amount"
          {...form.bind('amount')}
          error={form.errors.amount ?? (over ? tm('TRANSFER_OUT_OVER_PRINCIPAL') : undefined)}
        />
        <p className="muted">{t('deposit.outRules')}</p>
        <ConfirmButton label={t('deposit.transferOut')} pending={mutation.isPending} onConfirm={submit} testId="deposit-out-submit" />
      </Form>
    </Card>
  );
}
