import { validateChangePasswordForm } from '@prism/domain';
import { useTranslation } from 'react-i18next';
import { CodeField } from '../../../components/CodeField';
import { ConfirmButton } from '../../../components/ConfirmButton';
import { Form } from '../../../components/Form';
import { PasswordPairFields } from '../../../components/PasswordPairFields';
import { useForm } from '../../../lib/form';
import { useThrottled } from '../../../lib/throttle';
import { useChangeLoginPwd } from '../api/changeLoginPwd';
import { sendUserCode } from '../api/sendUserCode';
import { useSavedThenBack } from '../useSavedThenBack';

/** /pages/loginPassword/loginPassword: new password, confirmation and a code sent to the user's phone. */
export function LoginPasswordScreen({ phone, areaCode }: { phone: string; areaCode: string }) {
  const { t } = useTranslation();
  const savedThenBack = useSavedThenBack();
  const form = useForm({ password: '', confirmPassword: '', code: '' });
  const change = useChangeLoginPwd();

  const submit = useThrottled(() => {
    if (!form.check(validateChangePasswordForm(form.values))) return;
    const { password, confirmPassword, code } = form.values;
    change.mutate({ phone, areaCode, password, confirmPassword, code: code.trim() }, { onSuccess: savedThenBack, onError: form.fail });
  });

  return (
    <Form className="card" onSubmit={submit}>
      <p className="muted">{t('settings.codeSentTo', { phone })}</p>
      <PasswordPairFields label={t('auth.newPassword')} password={form.bind('password')} confirmPassword={form.bind('confirmPassword')} />
      <CodeField
        onSend={() => form.attemptCode(() => sendUserCode('resetLoginPwd'))}
        cooldownKey="user:resetLoginPwd"
        {...form.bind('code')}
      />
      <ConfirmButton label={t('common.confirm')} pending={change.isPending} onConfirm={submit} />
    </Form>
  );
}
