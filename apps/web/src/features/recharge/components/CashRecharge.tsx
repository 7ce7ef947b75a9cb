import type { MessageKey, PayChannel, RechargeAmountList } from '@prism/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../../components/ConfirmButton';
import { Form } from '../../../components/Form';
import { useForm } from '../../../lib/form';
import { useIntent } from '../../../lib/intent';
import { formatShort, parseAmountInput } from '../../../lib/money';
import { haptics, useClosingConfirmation } from '../../../lib/native';
import { useThrottled } from '../../../lib/throttle';
import { useCreateRecharge } from '../api/recharge';
import { stepperBounds, stepperText } from '../stepper';
import { AmountStepper } from './AmountStepper';

/** Sends the browser to the payment page (a same-origin sandbox page, or a gateway's). */
export function goToPayment(payUrl: string): void {
  window.location.assign(payUrl);
}

/**
 * CASH recharge: a pay channel (demo channels say so), a quick amount or the
 * stepper, then Recharge, which opens the channel's payment page.
 */
export function CashRecharge({ channels, amounts }: { channels: PayChannel[]; amounts: RechargeAmountList }) {
  const { t } = useTranslation();
  const { t: tm } = useTranslation('msg');
  const bounds = stepperBounds(amounts);
  const form = useForm({ amount: stepperText(bounds.min), payChannelName: channels[0]?.payChannelName ?? '' });
  const recharge = useCreateRecharge();
  const intent = useIntent();
  const [leaving, setLeaving] = useState(false);

  useClosingConfirmation(form.dirty && !leaving);

  const setAmount = (amount: string) => {
    haptics.selection();
    form.setValues((values) => ({ ...values, amount }));
    form.setErrors((errors) => ({ ...errors, amount: undefined }));
  };

  const submit = useThrottled(() => {
    const parsed = parseAmountInput(form.values.amount);
    let amountError: MessageKey | undefined;
    if (!parsed.ok) amountError = parsed.error;
    else if (parsed.value < bounds.min) amountError = 'RECHARGE_BELOW_MIN';
    else if (parsed.value > bounds.max) amountError = 'RECHARGE_ABOVE_MAX';
    const channelError: MessageKey | undefined = form.values.payChannelName ? undefined : 'PAY_CHANNEL_REQUIRED';
    if (!form.check({ amount: amountError, payChannelName: channelError }) || !parsed.ok) return;
    const input = { payChannelName: form.values.payChannelName, amount: stepperText(parsed.value) };
    recharge.mutate(
      { input, idempotencyKey: intent.keyFor(input) },
      {
        onSuccess: (order) => {
          intent.settle();
          haptics.success();
          setLeaving(true);
          goToPayment(order.payUrl);
        },
        onError: (error) => {
          intent.settle(error);
          form.fail(error);
        },
      },
    );
  });

  if (!amounts.openRecharge) return <p className="note">{tm('RECHARGE_CLOSED')}</p>;

  return (
    <Form onSubmit={submit} className="card">
      <fieldset className="choice">
        <legend className="field-label">{t('recharge.channel')}</legend>
        {channels.length === 0 ? (
          <p className="muted">{t('recharge.noChannels')}</p>
        ) : (
          <div className="option-list">
            {channels.map((channel) => (
              <label key={channel.id} className="option">
                <input
                  type="radio"
                  name="payChannelName"
                  value={channel.payChannelName}
                  checked={form.values.payChannelName === channel.payChannelName}
                  onChange={() => {
                    haptics.selection();
                    form.setValues((values) => ({ ...values, payChannelName: channel.payChannelName }));
                  }}
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
        {form.errors.payChannelName && <p className="field-error">{form.errors.payChannelName}</p>}
      </fieldset>
      {amounts.amountList.length > 0 && (
        <fieldset className="choice">
          <legend className="field-label">{t('recharge.quickAmounts')}</legend>
          <div className="chips">
            {amounts.amountList.map((amount) => {
              const label = formatShort(amount);
              return (
                <button
                  key={amount}
                  type="button"
                  className="chip"
                  aria-pressed={form.values.amount === label}
                  onClick={() => setAmount(label)}
                  data-testid={`quick-amount-${label}`}
                >
                  {label}
                </button>
              );
            })}
          </div>
        </fieldset>
      )}
      <AmountStepper text={form.values.amount} bounds={bounds} error={form.errors.amount} onChange={setAmount} />
      <ConfirmButton
        label={leaving ? t('recharge.redirecting') : t('recharge.submit')}
        pending={recharge.isPending || leaving}
        onConfirm={submit}
        testId="recharge-submit"
      />
    </Form>
  );
}
