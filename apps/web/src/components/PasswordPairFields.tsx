import { useTranslation } from 'react-i18next';
import type { FieldBinding } from '../lib/form';
import { Field } from './Field';

/**
 * A password being chosen and its confirmation. `label` names the first field
 * ('Password' when registering, 'New password' when replacing one).
 */
export function PasswordPairFields({
  label,
  password,
  confirmPassword,
}: {
  label: string;
  password: FieldBinding;
  confirmPassword: FieldBinding;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Field label={label} type="password" autoComplete="new-password" {...password} />
      <Field label={t('auth.confirmPassword')} type="password" autoComplete="new-password" {...confirmPassword} />
    </>
  );
}
