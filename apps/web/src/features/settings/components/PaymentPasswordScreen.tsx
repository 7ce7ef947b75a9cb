import { checkAssetPassword, checkCode, checkConfirmPassword } from '@prism/domain';
import { useTranslation } from 'react-i18next';
import { CodeField } from '../../../components/CodeField';
import { ConfirmButton } from '../../../components/ConfirmButton';
import { Field } from '../../../components/Field';
import { Form } from '../../../components/Form';
import { useForm } from '../../../lib/form';
import { useThrottled } from '../../../lib/throttle';
import { useResetAssetPwd } from '../api/resetAssetPwd';
import { sendUserCode } from '../api/sendUserCode';
import { useSavedThenBack } from '../useSavedThenBack';

/** Both PIN inputs: six hidden digits typed on the numeric keypad, never autofilled. */
const pin = { type: 'password', inputMode: 'numeric', pattern: '[0-9]*', maxLength: 6, autoComplete: 'off' } as const;

/** /pages/paymentPassword/paymentPassword: a 6-digit PIN, its confirmation and a code. */
export function PaymentPasswordScreen() {
  const { t } = useTranslation();
  const savedThenBack = useSavedThenBack();
  const form = useForm({ password: '', confirmPassword: '', code: '' });
  const reset = useResetAssetPwd();

  const submit = useThrottled(() => {
    const { password, confirmPassword, code } = form.values;
    const valid = form.check({
      password: checkAssetPassword(password) ?? undefined,
      confirmPassword: checkConfirmPassword(password, confirmPassword) ?? undefined,
      code: checkCode(code) ?? undefined,
    });
    if (!valid) return;
    reset.mutate({ password, confirmPassword, code: code.trim() }, { onSuccess: savedThenBack, onError: form.fail });
  });

  // Not PasswordPairFields: a PIN pair has its own labels, a hint and digit-only inputs.
  return (
    <Form className="card" onSubmit={submit}>
      <Field label={t('settings.paymentPassword')} hint={t('settings.pinHint')} {...pin} {...form.bind('password')} />
      <Field label={t('settings.confirmPaymentPassword')} {...pin} {...form.bind('confirmPassword')} />
      <CodeField
        onSend={() => form.attemptCode(() => sendUserCode('resetAssetPwd'))}
        cooldownKey="user:resetAssetPwd"
        {...form.bind('code')}
      />
      <ConfirmButton label={t('common.confirm')} pending={reset.isPending} onConfirm={submit} />
    </Form>
  );
}
