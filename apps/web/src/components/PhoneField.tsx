import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldBinding } from '../lib/form';
import { Field } from './Field';

/** The ten-digit national number, with the country-code picker in front of it. */
export function PhoneField({ countryCode, ...binding }: FieldBinding & { countryCode: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Field
      label={t('auth.phone')}
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      maxLength={10}
      leading={countryCode}
      {...binding}
    />
  );
}
