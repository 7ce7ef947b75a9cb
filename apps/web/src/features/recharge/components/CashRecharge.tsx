import type { PayChannel, RechargeAmountList } from '@prism/domain';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../../components/ConfirmButton';
import { Form } from '../../../components/Form';
import { formatShort } from '../../../lib/money';
import { useCashRecharge } from '../useCashRecharge';
import { AmountStepper } from './AmountStepper';

/**
 * CASH recharge: a pay channel (demo channels say so), a quick amount or the
 * stepper, then Recharge, which opens the channel's payment page.
 */
export function CashRecharge({ channels, amounts }: { channels: PayChannel[]; amounts: RechargeAmountList }) {
  const { t } = useTranslation();
  const { t: tm } = useTranslation('msg');
  const { bounds, form, setAmount, setChannel, submit, leaving, pending } = useCashRecharge(channels, amounts);

  if (!amounts.openRecharge) return <p className="note">{tm('RECHARGE_CLOSED')}</p>;

  return (
    <Form onSubmit={submit} className="card">
      <ChannelChoice channels={channels} chosen={form.values.payChannelName} onChoose={setChannel} error={form.errors.payChannelName} />
      <QuickAmounts amounts={amounts.amountList} current={form.values.amount} onChoose={setAmount} />
      <AmountStepper text={form.values.amount} bounds={bounds} error={form.errors.amount} onChange={setAmount} />
      <ConfirmButton
        label={leaving ? t('recharge.redirecting') : t('recharge.submit')}
        pending={pending}
        onConfirm={submit}
        testId="recharge-submit"
      />
    </Form>
  );
}

/** The pay channels as radio choices; a demo channel says its money is not real. */
function ChannelChoice(props: { channels: PayChannel[]; chosen: string; onChoose: (name: string) => void; error: string | undefined }) {
  const { t } = useTranslation();
  return (
    <fieldset className="choice">
      <legend className="field-label">{t('recharge.channel')}</legend>
      {props.channels.length === 0 ? (
        <p className="muted">{t('recharge.noChannels')}</p>
      ) : (
        <div className="option-list">
          {props.channels.map((channel) => (
            <label key={channel.id} className="option">
              <input
                type="radio"
                name="payChannelName"
                value={channel.payChannelName}
                checked={props.chosen === channel.payChannelName}
                onChange={() => props.onChoose(channel.payChannelName)}
              />
              <span className="option-text">{channel.showName}</span>
              {channel.demo && (
                <span className="badge badge-demo" data-testid="demo-money-badge">
                  {t('recharge.demoMoney')}
                </span>
              )}
            </label>
          ))}
        </div>
      )}
      {props.error && <p className="field-error">{props.error}</p>}
    </fieldset>
  );
}

/** The operator's quick amounts as chips (none: nothing shown). */
function QuickAmounts({
  amounts,
  current,
  onChoose,
}: {
  amounts: RechargeAmountList['amountList'];
  current: string;
  onChoose: (amount: string) => void;
}) {
  const { t } = useTranslation();
  if (amounts.length === 0) return null;
  return (
    <fieldset className="choice">
      <legend className="field-label">{t('recharge.quickAmounts')}</legend>
      <div className="chips">
        {amounts.map((amount) => {
          const label = formatShort(amount);
          return (
            <button
              key={amount}
              type="button"
              className="chip"
              aria-pressed={current === label}
              onClick={() => onChoose(label)}
              data-testid={`quick-amount-${label}`}
            >
              {label}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
