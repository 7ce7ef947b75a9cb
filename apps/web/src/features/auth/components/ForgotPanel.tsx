import { validatePasswordWithCodeForm } from '@prism/domain';
import { useTranslation } from 'react-i18next';
import { CodeField } from '../../../components/CodeField';
import { ConfirmButton } from '../../../components/ConfirmButton';
import { Form } from '../../../components/Form';
import { PasswordPairFields } from '../../../components/PasswordPairFields';
import { PhoneField } from '../../../components/PhoneField';
import { useForm } from '../../../lib/form';
import { useThrottled } from '../../../lib/throttle';
import { toast } from '../../../lib/toast';
import { useResetLoginPwd } from '../api/resetLoginPwd';
import type { PanelProps } from './panel';
import { phoneCodeKey, sendPhoneCode } from './sendPhoneCode';

/** Resets the login password with an SMS code; back on the login panel the phone is filled in. */
export function ForgotPanel({
  areaCode,
  countryCode,
  onBack,
  phone: typedBefore = '',
}: Omit<PanelProps, 'onDone'> & { onBack: (phone: string) => void }) {
  const { t } = useTranslation();
  const form = useForm({ phone: typedBefore, password: '', confirmPassword: '', code: '' });
  const reset = useResetLoginPwd();

  const submit = useThrottled(() => {
    const { phone, password, confirmPassword, code } = form.values;
    if (!form.check(validatePasswordWithCodeForm({ phone, password, confirmPassword, code }))) return;
    reset.mutate(
      { phone: phone.trim(), password, confirmPassword, code: code.trim(), areaCode },
      {
        onSuccess: () => {
          toast(t('auth.passwordReset'));
          onBack(phone);
        },
        onError: form.fail,
      },
    );
  });

  return (
    <Form onSubmit={submit}>
      <h2 className="form-title">{t('auth.forgot')}</h2>
      <PhoneField countryCode={countryCode} {...form.bind('phone')} />
      <PasswordPairFields label={t('auth.newPassword')} password={form.bind('password')} confirmPassword={form.bind('confirmPassword')} />
      <CodeField
        onSend={() => sendPhoneCode(form, 'resetLoginPwd', areaCode)}
        cooldownKey={phoneCodeKey('resetLoginPwd', areaCode, form.values.phone)}
        {...form.bind('code')}
      />
      <ConfirmButton label={t('auth.resetPassword')} pending={reset.isPending} onConfirm={submit} />
      <button type="button" className="btn-link" onClick={() => onBack(form.values.phone)}>
        {t('auth.backToLogin')}
      </button>
    </Form>
  );
}
