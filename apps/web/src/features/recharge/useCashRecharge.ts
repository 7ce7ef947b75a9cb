import type { MessageKey, PayChannel, RechargeAmountList } from '@prism/domain';
import { useState } from 'react';
import { useForm } from '../../lib/form';
import { useIntent } from '../../lib/intent';
import { parseAmountInput } from '../../lib/money';
import { haptics, useClosingConfirmation } from '../../lib/native';
import { useThrottled } from '../../lib/throttle';
import { useCreateRecharge } from './api/recharge';
import { type StepperBounds, stepperBounds, stepperText } from './stepper';

/** Sends the browser to the payment page (a same-origin sandbox page, or a gateway's). */
export function goToPayment(payUrl: string): void {
  window.location.assign(payUrl);
}

/** Why the amount typed cannot be recharged: not an amount, or outside the stepper's bounds. */
function amountErrorOf(text: string, bounds: StepperBounds): MessageKey | undefined {
  const parsed = parseAmountInput(text);
  if (!parsed.ok) return parsed.error;
  if (parsed.value < bounds.min) return 'RECHARGE_BELOW_MIN';
  if (parsed.value > bounds.max) return 'RECHARGE_ABOVE_MAX';
  return undefined;
}

/**
 * The CASH recharge form's state: the channel and amount, the keyed order
 * request, and `leaving` once the order is made and the browser goes to pay.
 */
export function useCashRecharge(channels: PayChannel[], amounts: RechargeAmountList) {
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
  const setChannel = (payChannelName: string) => {
    haptics.selection();
    form.setValues((values) => ({ ...values, payChannelName }));
  };

  const submit = useThrottled(() => {
    const parsed = parseAmountInput(form.values.amount);
    const channelError: MessageKey | undefined = form.values.payChannelName ? undefined : 'PAY_CHANNEL_REQUIRED';
    if (!form.check({ amount: amountErrorOf(form.values.amount, bounds), payChannelName: channelError }) || !parsed.ok) return;
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

  return { bounds, form, setAmount, setChannel, submit, leaving, pending: recharge.isPending || leaving };
}
