import type { CodeSent } from '@prism/domain';
import { useTranslation } from 'react-i18next';
import type { FieldBinding } from '../lib/form';
import { Field } from './Field';
import { SendCodeButton } from './SendCodeButton';

/** The 6-digit verification code, with the button that sends it inside the field. `onSend` is SendCodeButton's. */
export function CodeField({ onSend, ...binding }: FieldBinding & { onSend: () => Promise<CodeSent | undefined> }) {
  const { t } = useTranslation();
  return (
    <Field
      label={t('auth.code')}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      trailing={<SendCodeButton onSend={onSend} />}
      {...binding}
    />
  );
}
