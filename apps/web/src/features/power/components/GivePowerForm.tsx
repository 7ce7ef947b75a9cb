import type { PowerSession } from '@prism/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/Card';
import { ConfirmButton } from '../../../components/ConfirmButton';
import { Field } from '../../../components/Field';
import { Form } from '../../../components/Form';
import { useSpendConfirm } from '../../../components/SpendConfirm';
import { useForm } from '../../../lib/form';
import { useIntent } from '../../../lib/intent';
import { toMinor } from '../../../lib/money';
import { haptics, useClosingConfirmation } from '../../../lib/native';
import { useThrottled } from '../../../lib/throttle';
import { toast } from '../../../lib/toast';
import { useUserInfo } from '../../../lib/userInfo';
import { coinBalanceOf } from '../../../lib/wallet';
import { useGivePower } from '../api/power';
import { PackageFacts } from './PackageFacts';

/**
 * Gift power: choose a package, name the receiver by phone or invitation code,
 * then confirm the payment (SpendConfirm: the price and the balance after; the
 * MainButton inside Telegram). The giver pays; the receiver holds it as gift power.
 */
export function GivePowerForm({ sessions }: { sessions: PowerSession[] }) {
  const { t } = useTranslation();
  const [sessionId, setSessionId] = useState(sessions[0]?.id ?? 0);
  const form = useForm({ account: '' });
  // Telegram asks before closing while the form holds unsent input (docs/telegram.md).
  useClosingConfirmation(form.dirty);
  const give = useGivePower();
  const intent = useIntent();
  const session = sessions.find((s) => s.id === sessionId);
  const user = useUserInfo();
  const spend = useSpendConfirm();

  const send = (account: string) =>
    give.mutate(
      { sessionId, account, idempotencyKey: intent.keyFor({ sessionId, account }) },
      {
        onSuccess: (result) => {
          intent.settle();
          haptics.success();
          toast(t('power.given', { power: result.holding.power, receiver: result.receiver }));
          form.setValues({ account: '' });
        },
        onError: (error) => {
          intent.settle(error);
          haptics.error();
          form.fail(error);
        },
      },
    );

  const submit = useThrottled(() => {
    const account = form.values.account.trim();
    if (!form.check({ account: account ? undefined : 'FIELD_INVALID' }) || !session) return;
    spend.ask(
      { amount: toMinor(session.price), coin: session.coin, balance: coinBalanceOf(user.data, session.coin) },
      t('spend.what.gift', { name: session.name, power: session.power, receiver: account }),
      () => send(account),
    );
  });

  return (
    <Card title={t('power.giveTitle')}>
      <Form onSubmit={submit}>
        <PackageSelect sessions={sessions} value={sessionId} onChange={setSessionId} />
        {session && <PackageFacts session={session} />}
        <Field
          label={t('power.receiver')}
          hint={t('power.receiverHint')}
          autoComplete="off"
          maxLength={32}
          data-testid="give-account"
          {...form.bind('account')}
        />
        <ConfirmButton
          label={t('power.giveConfirm')}
          pending={give.isPending}
          disabled={!session}
          onConfirm={submit}
          testId="give-confirm"
          hidden={spend.open}
        />
      </Form>
      {spend.sheet}
    </Card>
  );
}

/** The packages to give, by name and price. */
function PackageSelect({ sessions, value, onChange }: { sessions: PowerSession[]; value: number; onChange: (id: number) => void }) {
  const { t } = useTranslation();
  const selectId = useId();
  return (
    <div className="field">
      <div className="field-head">
        <label className="field-label" htmlFor={selectId}>
          {t('power.package')}
        </label>
      </div>
      <div className="field-row">
        <select
          id={selectId}
          className="field-input"
          value={value}
          onChange={(event) => onChange(Number(event.target.value))}
          data-testid="give-package"
        >
          {sessions.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name} · {s.price} {s.coin}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
