import { useTranslation } from 'react-i18next';
import type { CodeAnswer, FieldBinding } from '../lib/form';
import { Field } from './Field';
import { SendCodeButton } from './SendCodeButton';

/** The 6-digit verification code, with the button that sends it inside the field. `onSend` and `cooldownKey` are SendCodeButton's. */
export function CodeField({
  onSend,
  cooldownKey,
  ...binding
}: FieldBinding & { onSend: () => Promise<CodeAnswer | undefined>; cooldownKey: string }) {
  const { t } = useTranslation();
  return (
    <Field
      label={t('auth.code')}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      trailing={<SendCodeButton onSend={onSend} cooldownKey={cooldownKey} />}
      {...binding}
    />
  );
}
