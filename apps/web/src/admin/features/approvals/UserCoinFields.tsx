import { Field } from '../../components/Field';
import { useT } from '../../i18n';

export const COINS = ['CASH', 'USDT'];

/** The user id and coin that an adjustment and a waiver both start with, with their field errors. */
export function UserCoinFields({ errors }: { errors: Record<string, string> | undefined }) {
  const t = useT();
  return (
    <>
      <Field label={t('approvals.userId')} error={errors?.userId ?? errors?.id}>
        {(props) => <input {...props} name="userId" inputMode="numeric" required />}
      </Field>
      <Field label={t('approvals.coin')} error={errors?.coin}>
        {(props) => (
          <select {...props} name="coin">
            {COINS.map((coin) => (
              <option key={coin}>{coin}</option>
            ))}
          </select>
        )}
      </Field>
    </>
  );
}
