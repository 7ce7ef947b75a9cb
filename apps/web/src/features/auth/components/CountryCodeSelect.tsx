import { useTranslation } from 'react-i18next';
import { parseCountryCodes, useSysCfgValue } from '../../../lib/config';

/** The calling code in front of the phone number; the list is the COUNTRY_CODE configuration, its first code the default. */
export function CountryCodeSelect({ value, onChange }: { value: string | undefined; onChange: (code: string) => void }) {
  const { t } = useTranslation();
  const codes = parseCountryCodes(useSysCfgValue('COUNTRY_CODE'));
  if (codes.length === 0) return null;
  return (
    <select
      className="country-code"
      aria-label={t('auth.countryCode')}
      value={value ?? codes[0]}
      onChange={(event) => onChange(event.target.value)}
    >
      {codes.map((code) => (
        <option key={code} value={code}>
          +{code}
        </option>
      ))}
    </select>
  );
}
