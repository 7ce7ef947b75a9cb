import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { qrPath } from '../../../lib/qr';
import { CopyButton } from '../../components/CopyButton';
import { Field } from '../../components/Field';
import { FormStatus } from '../../components/FormStatus';
import { useT } from '../../i18n';
import { formErrors } from '../../lib/errors';
import { formValues } from '../../lib/form';
import { type SetupInfo, useCompleteSetup, useSetupInfo } from './api';

/**
 * The setup link's page: the authenticator's QR code and its secret as text, a password twice and
 * the first code; then the recovery codes, shown once, with a copy button and "I saved them".
 */
export function SetupPage() {
  const t = useT();
  const { token = '' } = useParams();
  const info = useSetupInfo(token);
  const complete = useCompleteSetup();

  if (complete.data) return <RecoveryCodes codes={complete.data.recoveryCodes} />;
  return (
    <main className="admin-narrow">
      <h1>{t('setup.title')}</h1>
      {info.isPending ? <p className="admin-muted">{t('app.loading')}</p> : null}
      {info.isError ? (
        <p role="alert" className="admin-error">
          {formErrors(info.error).message || t('setup.invalid')}
        </p>
      ) : null}
      {info.data ? <SetupForm token={token} info={info.data} complete={complete} /> : null}
    </main>
  );
}

function SetupForm({ token, info, complete }: { token: string; info: SetupInfo; complete: ReturnType<typeof useCompleteSetup> }) {
  const t = useT();
  const [mismatch, setMismatch] = useState(false);
  const errors = complete.error ? formErrors(complete.error) : undefined;
  const qr = qrPath(info.otpauthUrl);
  return (
    <>
      <p>{t('setup.intro', { login: info.login, role: t(`roles.${info.role}`, { defaultValue: info.role }) })}</p>
      <svg className="admin-qr" viewBox={`-2 -2 ${qr.size + 4} ${qr.size + 4}`} role="img" aria-label={t('setup.qr')}>
        <rect x={-2} y={-2} width={qr.size + 4} height={qr.size + 4} fill="#fff" />
        <path d={qr.path} fill="#000" />
      </svg>
      <p>
        {t('setup.secret')}: <code data-testid="totp-secret">{info.secret}</code>
      </p>
      <p className="admin-muted">{t('setup.secretHint')}</p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const values = formValues(event.currentTarget);
          const different = values.password !== values.passwordAgain;
          setMismatch(different);
          if (!different) complete.mutate({ token, password: values.password ?? '', code: values.code ?? '' });
        }}
      >
        <fieldset disabled={complete.isPending}>
          <Field label={t('setup.password')} error={errors?.fields.password}>
            {(props) => <input {...props} name="password" type="password" autoComplete="new-password" required />}
          </Field>
          <Field label={t('setup.passwordAgain')} error={mismatch ? t('setup.mismatch') : undefined}>
            {(props) => <input {...props} name="passwordAgain" type="password" autoComplete="new-password" required />}
          </Field>
          <Field label={t('setup.code')} error={errors?.fields.code}>
            {(props) => <input {...props} name="code" inputMode="numeric" autoComplete="one-time-code" required />}
          </Field>
          <button type="submit" className="admin-primary">
            {complete.isPending ? t('setup.sending') : t('setup.submit')}
          </button>
        </fieldset>
        <FormStatus error={errors?.message} />
      </form>
    </>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  const t = useT();
  const [saved, setSaved] = useState(false);
  return (
    <main className="admin-narrow">
      <h1>{t('setup.recoveryTitle')}</h1>
      <p>{t('setup.recoveryIntro')}</p>
      <ul aria-label={t('setup.recoveryList')} className="admin-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <CopyButton text={codes.join('\n')} label={t('setup.copyAll')} />
      <p>
        <label>
          <input type="checkbox" checked={saved} onChange={(event) => setSaved(event.target.checked)} /> {t('setup.saved')}
        </label>
      </p>
      {saved ? (
        <Link to="/login" className="admin-primary">
          {t('setup.toLogin')}
        </Link>
      ) : null}
    </main>
  );
}
