import type { AdjustmentStatus } from '@prism/domain';
import { useState } from 'react';
import { ConfirmButton, ConfirmPrompt } from '../../components/ConfirmButton';
import { type Column, DataTable } from '../../components/DataTable';
import { Field } from '../../components/Field';
import { FormStatus } from '../../components/FormStatus';
import { useT } from '../../i18n';
import { formErrors } from '../../lib/errors';
import { formValues, when } from '../../lib/form';
import { useMe } from '../../lib/session';
import {
  type Adjustment,
  type AdjustmentInput,
  useAdjustments,
  useApproveAdjustment,
  useRejectAdjustment,
  useRequestAdjustment,
} from './api';
import { UserCoinFields } from './UserCoinFields';

const STATUSES: AdjustmentStatus[] = ['pending', 'approved', 'rejected'];

/** Balance adjustments: the request form, and the list where a second operator approves or rejects. */
export function AdjustmentsSection() {
  const t = useT();
  const [status, setStatus] = useState<AdjustmentStatus>('pending');
  const list = useAdjustments(status);
  const approve = useApproveAdjustment();
  const reject = useRejectAdjustment();
  const actionError = approve.error ?? reject.error;

  const columns: Column<Adjustment>[] = [
    { id: 'id', header: '#', cell: (row) => row.id, numeric: true },
    { id: 'user', header: t('approvals.userId'), cell: (row) => row.userId, numeric: true },
    {
      id: 'amount',
      header: t('approvals.amount'),
      cell: (row) => `${row.direction === 'debit' ? '−' : '+'}${row.amount} ${row.coin}`,
      numeric: true,
    },
    { id: 'reason', header: t('approvals.reason'), cell: (row) => row.reason },
    { id: 'requestedBy', header: t('approvals.requestedBy'), cell: (row) => `${row.requestedBy}, ${when(row.requestedAt)}` },
    {
      id: 'decision',
      header: status === 'pending' ? '' : t('approvals.decidedBy'),
      cell: (row) =>
        status === 'pending' ? <Decide row={row} approve={approve} reject={reject} /> : `${row.decidedBy ?? ''}, ${when(row.decidedAt)}`,
    },
  ];

  return (
    <section aria-labelledby="adjustments">
      <h2 id="adjustments">{t('approvals.adjustments')}</h2>
      <RequestForm />
      <Field label={t('approvals.show')}>
        {(props) => (
          <select {...props} value={status} onChange={(event) => setStatus(event.target.value as AdjustmentStatus)}>
            {STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`approvals.statuses.${value}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <FormStatus
        error={actionError ? formErrors(actionError).message : undefined}
        success={approve.isSuccess || reject.isSuccess ? t('app.saved') : undefined}
      />
      <DataTable
        caption={t('approvals.caption', { status: t(`approvals.statuses.${status}`) })}
        columns={columns}
        rows={list.data}
        rowKey={(row) => row.id}
        empty={t('approvals.empty')}
        error={list.error ? formErrors(list.error).message : undefined}
      />
    </section>
  );
}

/** A pending request: approve or reject it, unless it is the operator's own (a second operator must decide). */
function Decide({
  row,
  approve,
  reject,
}: {
  row: Adjustment;
  approve: ReturnType<typeof useApproveAdjustment>;
  reject: ReturnType<typeof useRejectAdjustment>;
}) {
  const t = useT();
  const me = useMe();
  const [reason, setReason] = useState('');
  if (row.requestedBy === me.login) return <em>{t('approvals.waiting')}</em>;
  const money = {
    direction: t(`approvals.${row.direction}`).toLowerCase(),
    amount: row.amount,
    coin: row.coin,
    userId: row.userId,
    id: row.id,
  };
  const busy = approve.isPending || reject.isPending;
  return (
    <div className="admin-actions">
      <ConfirmButton
        label={t('approvals.approve')}
        question={t('approvals.confirmApprove', money)}
        disabled={busy}
        onConfirm={() => approve.mutate(row.id)}
      />
      <input aria-label={t('approvals.rejectReason', { id: row.id })} value={reason} onChange={(event) => setReason(event.target.value)} />
      <ConfirmButton
        danger
        label={t('approvals.reject')}
        question={t('approvals.confirmReject', money)}
        disabled={busy || !reason.trim()}
        onConfirm={() => reject.mutate({ id: row.id, reason })}
      />
    </div>
  );
}

function RequestForm() {
  const t = useT();
  const request = useRequestAdjustment();
  const [asking, setAsking] = useState<AdjustmentInput>();
  const errors = request.error ? formErrors(request.error) : undefined;
  return (
    <form
      aria-label={t('approvals.request')}
      onSubmit={(event) => {
        event.preventDefault();
        setAsking(formValues(event.currentTarget) as unknown as AdjustmentInput);
      }}
    >
      <h3>{t('approvals.request')}</h3>
      <fieldset disabled={request.isPending || asking !== undefined} className="admin-row">
        <UserCoinFields errors={errors?.fields} />
        <Field label={t('approvals.direction')} error={errors?.fields.direction}>
          {(props) => (
            <select {...props} name="direction">
              <option value="credit">{t('approvals.credit')}</option>
              <option value="debit">{t('approvals.debit')}</option>
            </select>
          )}
        </Field>
        <Field label={t('approvals.amount')} error={errors?.fields.amount}>
          {(props) => <input {...props} name="amount" inputMode="decimal" required />}
        </Field>
        <Field label={t('approvals.reason')} error={errors?.fields.reason}>
          {(props) => <input {...props} name="reason" required maxLength={2000} />}
        </Field>
        <button type="submit" className="admin-primary">
          {request.isPending ? t('approvals.sending') : t('approvals.submit')}
        </button>
      </fieldset>
      {asking ? (
        <ConfirmPrompt
          question={t('approvals.confirmRequest', { ...asking, direction: t(`approvals.${asking.direction}`) })}
          onCancel={() => setAsking(undefined)}
          onConfirm={() => {
            request.mutate(asking);
            setAsking(undefined);
          }}
        />
      ) : null}
      <FormStatus error={errors?.message} success={request.isSuccess ? t('approvals.requested') : undefined} />
    </form>
  );
}
