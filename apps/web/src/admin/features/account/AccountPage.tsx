import { ConfirmButton } from '../../components/ConfirmButton';
import { CopyButton } from '../../components/CopyButton';
import { type Column, DataTable } from '../../components/DataTable';
import { Field } from '../../components/Field';
import { FormStatus } from '../../components/FormStatus';
import { useT } from '../../i18n';
import { formErrors } from '../../lib/errors';
import { formValues, when } from '../../lib/form';
import { type ApiTokenRow, type OperatorSession, useCreateToken, useRevokeSession, useRevokeToken, useSessions, useTokens } from './api';

/** The operator's own sessions (revoke one) and personal API tokens (create, shown once; revoke). */
export function AccountPage() {
  const t = useT();
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const columns: Column<OperatorSession>[] = [
    { id: 'createdAt', header: t('account.createdAt'), cell: (row) => when(row.createdAt) },
    { id: 'lastSeenAt', header: t('account.lastSeenAt'), cell: (row) => when(row.lastSeenAt) },
    { id: 'address', header: t('account.address'), cell: (row) => row.address },
    { id: 'userAgent', header: t('account.userAgent'), cell: (row) => row.userAgent },
    {
      id: 'actions',
      header: '',
      cell: (row) =>
        row.current ? (
          <strong>{t('account.current')}</strong>
        ) : (
          <ConfirmButton
            danger
            label={t('account.revoke')}
            question={t('account.confirmRevokeSession')}
            disabled={revoke.isPending}
            onConfirm={() => revoke.mutate(row.id)}
          />
        ),
    },
  ];
  return (
    <>
      <h1>{t('account.title')}</h1>
      <DataTable
        caption={t('account.sessionsCaption')}
        columns={columns}
        rows={sessions.data}
        rowKey={(row) => row.id}
        empty={t('account.sessionsEmpty')}
        error={(sessions.error ?? revoke.error) ? formErrors(sessions.error ?? revoke.error).message : undefined}
      />
      <ApiTokens />
    </>
  );
}

function ApiTokens() {
  const t = useT();
  const tokens = useTokens();
  const create = useCreateToken();
  const revoke = useRevokeToken();
  const errors = create.error ? formErrors(create.error) : undefined;
  const columns: Column<ApiTokenRow>[] = [
    { id: 'name', header: t('account.name'), cell: (row) => row.name },
    { id: 'createdAt', header: t('account.createdAt'), cell: (row) => when(row.createdAt) },
    { id: 'lastUsedAt', header: t('account.lastUsedAt'), cell: (row) => when(row.lastUsedAt) },
    {
      id: 'actions',
      header: '',
      cell: (row) => (
        <ConfirmButton
          danger
          label={t('account.revoke')}
          question={t('account.confirmRevokeToken', { name: row.name })}
          disabled={revoke.isPending}
          onConfirm={() => revoke.mutate(row.id)}
        />
      ),
    },
  ];
  return (
    <section aria-labelledby="api-tokens">
      <h2 id="api-tokens">{t('account.tokensTitle')}</h2>
      <p className="admin-muted">{t('account.tokensHint')}</p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate(formValues(event.currentTarget).name ?? '');
        }}
      >
        <fieldset disabled={create.isPending} className="admin-row">
          <Field label={t('account.tokenName')} error={errors?.fields.name}>
            {(props) => <input {...props} name="name" required maxLength={64} />}
          </Field>
          <button type="submit" className="admin-primary">
            {create.isPending ? t('account.creating') : t('account.createToken')}
          </button>
        </fieldset>
        <FormStatus error={errors?.message} />
      </form>
      {create.data ? (
        <div role="status" className="admin-secret">
          <p>
            <strong>{t('account.newToken')}</strong>: <code data-testid="new-api-token">{create.data.token}</code>{' '}
            <CopyButton text={create.data.token} />
          </p>
          <p className="admin-muted">{t('account.newTokenHint')}</p>
        </div>
      ) : null}
      <DataTable
        caption={t('account.tokensCaption')}
        columns={columns}
        rows={tokens.data}
        rowKey={(row) => row.id}
        empty={t('account.tokensEmpty')}
        error={(tokens.error ?? revoke.error) ? formErrors(tokens.error ?? revoke.error).message : undefined}
      />
    </section>
  );
}
