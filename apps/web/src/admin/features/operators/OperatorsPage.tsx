import { useState } from 'react';
import { ConfirmButton } from '../../components/ConfirmButton';
import { CopyButton } from '../../components/CopyButton';
import { type Column, DataTable } from '../../components/DataTable';
import { Field } from '../../components/Field';
import { FormStatus } from '../../components/FormStatus';
import { useT } from '../../i18n';
import { formErrors } from '../../lib/errors';
import { formValues, when } from '../../lib/form';
import { useMe } from '../../lib/session';
import {
  absoluteLink,
  OPERATOR_ROLES,
  type Operator,
  useCreateOperator,
  useOperators,
  useResetOperatorSetup,
  useSignOutOperator,
  useUpdateOperator,
} from './api';

/** Owners manage the operators: add one (and hand over the setup link), change roles, disable, sign out everywhere. */
export function OperatorsPage() {
  const t = useT();
  const operators = useOperators();
  const update = useUpdateOperator();
  const signOut = useSignOutOperator();
  const me = useMe();
  const actionError = update.error ?? signOut.error;

  const columns: Column<Operator>[] = [
    { id: 'login', header: t('operators.login'), cell: (row) => row.login },
    { id: 'role', header: t('operators.role'), cell: (row) => <RoleCell row={row} update={update} /> },
    { id: 'status', header: t('operators.status'), cell: (row) => t(`operators.statuses.${row.status}`) },
    { id: 'telegram', header: t('operators.telegramId'), cell: (row) => row.telegramId ?? t('app.none') },
    { id: 'lastSignIn', header: t('operators.lastSignIn'), cell: (row) => when(row.lastSignInAt) },
    {
      id: 'actions',
      header: t('operators.actions'),
      cell: (row) => (
        <div className="admin-actions">
          {row.status === 'disabled' ? (
            <ConfirmButton
              label={t('operators.enable')}
              question={t('operators.confirmEnable', { login: row.login })}
              disabled={update.isPending}
              onConfirm={() => update.mutate({ id: row.id, status: 'active' })}
            />
          ) : (
            <ConfirmButton
              danger
              label={t('operators.disable')}
              question={t('operators.confirmDisable', { login: row.login })}
              disabled={update.isPending}
              onConfirm={() => update.mutate({ id: row.id, status: 'disabled' })}
            />
          )}
          <ConfirmButton
            danger
            label={t('operators.signOut')}
            question={t('operators.confirmSignOut', { login: row.login })}
            disabled={signOut.isPending}
            onConfirm={() => signOut.mutate(row.id)}
          />
          {row.login === me.login ? null : <ResetSetup row={row} />}
        </div>
      ),
    },
  ];

  return (
    <>
      <h1>{t('operators.title')}</h1>
      <AddOperator />
      <FormStatus
        error={actionError ? formErrors(actionError).message : undefined}
        success={update.isSuccess || signOut.isSuccess ? t('app.saved') : undefined}
      />
      <DataTable
        caption={t('operators.caption')}
        columns={columns}
        rows={operators.data}
        rowKey={(row) => row.id}
        empty={t('operators.empty')}
        error={operators.error ? formErrors(operators.error).message : undefined}
      />
    </>
  );
}

/** A role select with its own Save (asks first); an owner cannot change their own role here. */
function RoleCell({ row, update }: { row: Operator; update: ReturnType<typeof useUpdateOperator> }) {
  const t = useT();
  const me = useMe();
  const [role, setRole] = useState<string>(row.role);
  if (row.login === me.login) return t(`roles.${row.role}`);
  return (
    <div className="admin-actions">
      <select aria-label={t('operators.roleOf', { login: row.login })} value={role} onChange={(event) => setRole(event.target.value)}>
        {OPERATOR_ROLES.map((option) => (
          <option key={option} value={option}>
            {t(`roles.${option}`)}
          </option>
        ))}
      </select>
      {role !== row.role ? (
        <ConfirmButton
          label={t('operators.saveRole')}
          question={t('operators.confirmRole', { login: row.login, role: t(`roles.${role}`) })}
          disabled={update.isPending}
          onConfirm={() => update.mutate({ id: row.id, role })}
        />
      ) : null}
    </div>
  );
}

function AddOperator() {
  const t = useT();
  const create = useCreateOperator();
  const errors = create.error ? formErrors(create.error) : undefined;
  const link = create.data ? absoluteLink(create.data.setupUrl, window.location.origin) : undefined;
  return (
    <section aria-labelledby="add-operator">
      <h2 id="add-operator">{t('operators.addTitle')}</h2>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const values = formValues(event.currentTarget);
          create.mutate({
            login: values.login ?? '',
            role: values.role ?? '',
            ...(values.telegramId ? { telegramId: values.telegramId } : {}),
          });
        }}
      >
        <fieldset disabled={create.isPending} className="admin-row">
          <Field label={t('operators.login')} error={errors?.fields.login}>
            {(props) => <input {...props} name="login" autoComplete="off" required />}
          </Field>
          <Field label={t('operators.role')} error={errors?.fields.role}>
            {(props) => (
              <select {...props} name="role" defaultValue="support">
                {OPERATOR_ROLES.map((role) => (
                  <option key={role} value={role}>
                    {t(`roles.${role}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={t('operators.telegramId')} hint={t('operators.telegramHint')} error={errors?.fields.telegramId}>
            {(props) => <input {...props} name="telegramId" inputMode="numeric" />}
          </Field>
          <button type="submit" className="admin-primary">
            {create.isPending ? t('operators.adding') : t('operators.add')}
          </button>
        </fieldset>
        <FormStatus error={errors?.message} />
      </form>
      {create.data && link ? (
        <div role="status" className="admin-secret">
          <p>
            <strong>{t('operators.setupLink', { login: create.data.login })}</strong>
          </p>
          <p>
            <output aria-label={t('operators.setupLink', { login: create.data.login })}>{link}</output> <CopyButton text={link} />
          </p>
          <p className="admin-muted">{t('operators.setupHint')}</p>
        </div>
      ) : null}
    </section>
  );
}

/** A lost authenticator: the owner resets the operator's sign-in and hands over the new setup link shown here. */
function ResetSetup({ row }: { row: Operator }) {
  const t = useT();
  const reset = useResetOperatorSetup();
  const link = reset.data ? absoluteLink(reset.data.setupUrl, window.location.origin) : undefined;
  return (
    <>
      <ConfirmButton
        danger
        label={t('operators.resetSetup')}
        question={t('operators.confirmResetSetup', { login: row.login })}
        disabled={reset.isPending}
        onConfirm={() => reset.mutate(row.id)}
      />
      {link ? (
        <span role="status" className="admin-secret">
          <output aria-label={t('operators.setupLink', { login: row.login })}>{link}</output> <CopyButton text={link} />
        </span>
      ) : null}
      {reset.error ? <FormStatus error={formErrors(reset.error).message} /> : null}
    </>
  );
}
