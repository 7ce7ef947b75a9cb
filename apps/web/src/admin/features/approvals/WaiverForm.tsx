import { useState } from 'react';
import { ConfirmPrompt } from '../../components/ConfirmButton';
import { Field } from '../../components/Field';
import { FormStatus } from '../../components/FormStatus';
import { useT } from '../../i18n';
import { formErrors } from '../../lib/errors';
import { formValues } from '../../lib/form';
import { useWaiveTurnover } from './api';
import { UserCoinFields } from './UserCoinFields';

type WaiverInput = { userId: string; coin: string; reason: string };

/** A turnover waiver for one user's coin, with a reason (audited). */
export function WaiverForm() {
  const t = useT();
  const waive = useWaiveTurnover();
  const [asking, setAsking] = useState<WaiverInput>();
  const errors = waive.error ? formErrors(waive.error) : undefined;
  return (
    <section aria-labelledby="waiver">
      <h2 id="waiver">{t('approvals.waiver')}</h2>
      <p className="admin-muted">{t('approvals.waiverHint')}</p>
      <form
        aria-label={t('approvals.waiver')}
        onSubmit={(event) => {
          event.preventDefault();
          setAsking(formValues(event.currentTarget) as unknown as WaiverInput);
        }}
      >
        <fieldset disabled={waive.isPending || asking !== undefined} className="admin-row">
          <UserCoinFields errors={errors?.fields} />
          <Field label={t('approvals.reason')} error={errors?.fields.reason}>
            {(props) => <input {...props} name="reason" required maxLength={2000} />}
          </Field>
          <button type="submit" className="admin-primary">
            {t('approvals.waiverSubmit')}
          </button>
        </fieldset>
        {asking ? (
          <ConfirmPrompt
            question={t('approvals.confirmWaiver', asking)}
            onCancel={() => setAsking(undefined)}
            onConfirm={() => {
              waive.mutate(asking);
              setAsking(undefined);
            }}
          />
        ) : null}
        <FormStatus error={errors?.message} success={waive.isSuccess ? t('approvals.waived') : undefined} />
      </form>
    </section>
  );
}
