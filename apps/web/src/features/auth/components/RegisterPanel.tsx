import { validatePasswordWithCodeForm } from '@prism/domain';
import { useTranslation } from 'react-i18next';
import { CodeField } from '../../../components/CodeField';
import { ConfirmButton } from '../../../components/ConfirmButton';
import { Field } from '../../../components/Field';
import { Form } from '../../../components/Form';
import { PasswordPairFields } from '../../../components/PasswordPairFields';
import { PhoneField } from '../../../components/PhoneField';
import { useForm } from '../../../lib/form';
import { useThrottled } from '../../../lib/throttle';
import { useRegister } from '../api/register';
import type { PanelProps } from './panel';
import { phoneCodeKey, sendPhoneCode } from './sendPhoneCode';

export function RegisterPanel({ areaCode, countryCode, onDone, invitationCode }: PanelProps & { invitationCode: string | undefined }) {
  const { t } = useTranslation();
  const form = useForm({ phone: '', password: '', confirmPassword: '', code: '', invitationCode: invitationCode ?? '' });
  const register = useRegister();

  const submit = useThrottled(() => {
    const { phone, password, confirmPassword, code, invitationCode: invitation } = form.values;
    if (!form.check(validatePasswordWithCodeForm({ phone, password, confirmPassword, code }))) return;
    register.mutate(
      { phone: phone.trim(), password, confirmPassword, code: code.trim(), areaCode, invitationCode: invitation.trim() || undefined },
      { onSuccess: onDone, onError: form.fail },
    );
  });

  return (
    <Form onSubmit={submit}>
      <PhoneField countryCode={countryCode} {...form.bind('phone')} />
      <PasswordPairFields label={t('auth.password')} password={form.bind('password')} confirmPassword={form.bind('confirmPassword')} />
      <CodeField
        onSend={() => sendPhoneCode(form, 'register', areaCode)}
        cooldownKey={phoneCodeKey('register', areaCode, form.values.phone)}
        {...form.bind('code')}
      />
      <Field
        label={t('auth.invitationCode')}
        hint={t('common.optional')}
        autoCapitalize="characters"
        maxLength={16}
        {...form.bind('invitationCode')}
      />
      <ConfirmButton label={t('auth.register')} pending={register.isPending} onConfirm={submit} />
    </Form>
  );
}
