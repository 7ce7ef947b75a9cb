import { useNavigate, useSearchParams } from 'react-router-dom';
import { Field } from '../../components/Field';
import { FormStatus } from '../../components/FormStatus';
import { useT } from '../../i18n';
import { formErrors } from '../../lib/errors';
import { formValues } from '../../lib/form';
import { safeNext } from '../../lib/nav';
import { type LoginInput, useLogin } from './api';

/**
 * Sign-in: login, password and a code (authenticator or recovery). The server's message is shown
 * as it comes: a wrong login, password or code reads the same, and a throttled operator is told
 * how long to wait.
 */
export function LoginPage() {
  const t = useT();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const login = useLogin();
  const errors = login.error ? formErrors(login.error) : undefined;

  return (
    <main className="admin-narrow">
      <h1>{t('login.title')}</h1>
      {search.get('expired') ? <p className="admin-muted">{t('login.expired')}</p> : null}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const values = formValues(event.currentTarget) as unknown as LoginInput;
          login.mutate(values, { onSuccess: () => navigate(safeNext(search.get('next')), { replace: true }) });
        }}
      >
        <fieldset disabled={login.isPending}>
          <Field label={t('login.login')} error={errors?.fields.login}>
            {(props) => <input {...props} name="login" autoComplete="username" required />}
          </Field>
          <Field label={t('login.password')} error={errors?.fields.password}>
            {(props) => <input {...props} name="password" type="password" autoComplete="current-password" required />}
          </Field>
          <Field label={t('login.code')} hint={t('login.codeHint')} error={errors?.fields.code}>
            {(props) => <input {...props} name="code" autoComplete="one-time-code" required />}
          </Field>
          <button type="submit" className="admin-primary">
            {login.isPending ? t('login.sending') : t('login.submit')}
          </button>
        </fieldset>
        <FormStatus error={errors?.message} />
      </form>
    </main>
  );
}
