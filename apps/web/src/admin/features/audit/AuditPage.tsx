import { useState } from 'react';
import { type Column, DataTable } from '../../components/DataTable';
import { Field } from '../../components/Field';
import { useT } from '../../i18n';
import { formErrors } from '../../lib/errors';
import { formValues, when } from '../../lib/form';
import { type AuditRow, useAudit } from './api';
import { auditDiff, auditQuery } from './diff';

/** The audit log: filters (operator, action, target, dates), "Load more" by keyset, before/after as a diff. */
export function AuditPage() {
  const t = useT();
  const [filters, setFilters] = useState<Record<string, string>>({});
  const audit = useAudit(filters);
  const rows = audit.data?.pages.flatMap((page) => page.list);

  const columns: Column<AuditRow>[] = [
    { id: 'at', header: t('audit.at'), cell: (row) => when(row.at) },
    {
      id: 'who',
      header: t('audit.who'),
      cell: (row) => (
        <>
          <strong>{row.operatorLogin}</strong> ({t(`roles.${row.operatorRole}`, { defaultValue: row.operatorRole })})
          <br />
          <small className="admin-muted">{t('audit.via', { via: row.via, address: row.address ?? t('app.none') })}</small>
        </>
      ),
    },
    { id: 'action', header: t('audit.action'), cell: (row) => <code>{row.action}</code> },
    {
      id: 'target',
      header: t('audit.target'),
      cell: (row) => (row.targetType ? `${row.targetType} ${row.targetId ?? ''}` : t('app.none')),
    },
    { id: 'reason', header: t('audit.reason'), cell: (row) => row.reason ?? t('app.none') },
    { id: 'changes', header: t('audit.changes'), cell: (row) => <Changes row={row} /> },
  ];

  return (
    <>
      <h1>{t('audit.title')}</h1>
      <form
        className="admin-filters"
        onSubmit={(event) => {
          event.preventDefault();
          setFilters(auditQuery(formValues(event.currentTarget)));
        }}
        onReset={() => setFilters({})}
      >
        <Field label={t('audit.operator')}>{(props) => <input {...props} name="operator" />}</Field>
        <Field label={t('audit.action')}>{(props) => <input {...props} name="action" placeholder="withdrawal.approve" />}</Field>
        <Field label={t('audit.targetType')}>{(props) => <input {...props} name="targetType" />}</Field>
        <Field label={t('audit.targetId')}>{(props) => <input {...props} name="targetId" />}</Field>
        <Field label={t('audit.from')}>{(props) => <input {...props} name="from" type="date" />}</Field>
        <Field label={t('audit.to')}>{(props) => <input {...props} name="to" type="date" />}</Field>
        <div className="admin-actions">
          <button type="submit" className="admin-primary">
            {t('audit.apply')}
          </button>
          <button type="reset">{t('audit.clear')}</button>
        </div>
      </form>
      <DataTable
        caption={t('audit.caption')}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        empty={t('audit.empty')}
        error={audit.error ? formErrors(audit.error).message : undefined}
      />
      {audit.hasNextPage ? (
        <button type="button" onClick={() => void audit.fetchNextPage()} disabled={audit.isFetchingNextPage}>
          {audit.isFetchingNextPage ? t('audit.loadingMore') : t('audit.more')}
        </button>
      ) : null}
    </>
  );
}

function Changes({ row }: { row: AuditRow }) {
  const t = useT();
  const changes = auditDiff(row.before, row.after);
  if (changes.length === 0) return t('app.none');
  return (
    <table className="admin-diff">
      <thead>
        <tr>
          <th scope="col">{t('audit.field')}</th>
          <th scope="col">{t('audit.before')}</th>
          <th scope="col">{t('audit.after')}</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change) => (
          <tr key={change.field} data-kind={change.kind}>
            <th scope="row">{change.field}</th>
            <td>{change.before === undefined ? t('app.none') : <del>{change.before}</del>}</td>
            <td>{change.after === undefined ? t('app.none') : <ins>{change.after}</ins>}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
