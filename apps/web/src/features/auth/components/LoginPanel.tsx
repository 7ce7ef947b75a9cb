import { validateLoginForm } from '@prism/domain';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../../components/ConfirmButton';
import { Field } from '../../../components/Field';
import { Form } from '../../../components/Form';
import { PhoneField } from '../../../components/PhoneField';
import { useForm } from '../../../lib/form';
import { useThrottled } from '../../../lib/throttle';
import { useLogin } from '../api/login';
import type { PanelProps } from './panel';

export function LoginPanel({
  areaCode,
  countryCode,
  onDone,
  onForgot,
  phone: typedBefore = '',
}: PanelProps & { onForgot: (phone: string) => void }) {
  const { t } = useTranslation();
  const form = useForm({ phone: typedBefore, password: '' });
  const login = useLogin();

  const submit = useThrottled(() => {
    if (!form.check(validateLoginForm(form.values))) return;
    login.mutate({ phone: form.values.phone.trim(), password: form.values.password, areaCode }, { onSuccess: onDone, onError: form.fail });
  });

  return (
    <Form onSubmit={submit}>
      <PhoneField countryCode={countryCode} {...form.bind('phone')} />
      <Field label={t('auth.password')} type="password" autoComplete="current-password" {...form.bind('password')} />
      <ConfirmButton label={t('auth.login')} pending={login.isPending} onConfirm={submit} />
      <button type="button" className="btn-link" onClick={() => onForgot(form.values.phone)}>
        {t('auth.forgotLink')}
      </button>
    </Form>
  );
}
