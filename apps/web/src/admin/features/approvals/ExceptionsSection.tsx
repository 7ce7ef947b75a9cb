import { useState } from 'react';
import { ConfirmButton } from '../../components/ConfirmButton';
import { type Column, DataTable } from '../../components/DataTable';
import { FormStatus } from '../../components/FormStatus';
import { useT } from '../../i18n';
import { formErrors } from '../../lib/errors';
import { when } from '../../lib/form';
import { useMe } from '../../lib/session';
import { exceptionStage, type MoneyException, useApproveException, useCreditException, useExceptions, useRefundException } from './api';

/** Money exceptions: refund through the gateway or chain, or credit with a reason and a second approver. */
export function ExceptionsSection() {
  const t = useT();
  const list = useExceptions();
  const credit = useCreditException();
  const refund = useRefundException();
  const approve = useApproveException();
  const error = credit.error ?? refund.error ?? approve.error;
  const actions = { credit, refund, approve };

  const columns: Column<MoneyException>[] = [
    { id: 'id', header: '#', cell: (row) => row.id, numeric: true },
    { id: 'kind', header: t('approvals.kind'), cell: (row) => t(`approvals.kinds.${row.kind}`, { defaultValue: row.kind }) },
    { id: 'user', header: t('approvals.userId'), cell: (row) => row.userId, numeric: true },
    { id: 'amount', header: t('approvals.amount'), cell: (row) => `${row.amount} ${row.coin}`, numeric: true },
    { id: 'expected', header: t('approvals.expected'), cell: (row) => row.expectedAmount ?? t('app.none'), numeric: true },
    { id: 'reference', header: t('approvals.reference'), cell: (row) => `${row.reference} (${when(row.createdAt)})` },
    { id: 'status', header: t('approvals.status'), cell: (row) => row.status },
    { id: 'actions', header: '', cell: (row) => <ExceptionActions row={row} {...actions} /> },
  ];

  return (
    <section aria-labelledby="exceptions">
      <h2 id="exceptions">{t('approvals.exceptions')}</h2>
      <FormStatus
        error={error ? formErrors(error).message : undefined}
        success={credit.isSuccess || refund.isSuccess || approve.isSuccess ? t('app.saved') : undefined}
      />
      <DataTable
        caption={t('approvals.exceptionsCaption')}
        columns={columns}
        rows={list.data}
        rowKey={(row) => row.id}
        empty={t('approvals.exceptionsEmpty')}
        error={list.error ? formErrors(list.error).message : undefined}
      />
    </section>
  );
}

function ExceptionActions({
  row,
  credit,
  refund,
  approve,
}: {
  row: MoneyException;
  credit: ReturnType<typeof useCreditException>;
  refund: ReturnType<typeof useRefundException>;
  approve: ReturnType<typeof useApproveException>;
}) {
  const t = useT();
  const me = useMe();
  const [reason, setReason] = useState('');
  const stage = exceptionStage(row, me.login);
  const money = { amount: row.amount, coin: row.coin, userId: row.userId };
  const busy = credit.isPending || refund.isPending || approve.isPending;
  if (stage === 'settled') return null;
  if (stage === 'mine') return <em>{t('approvals.waiting')}</em>;
  if (stage === 'approve') {
    return (
      <ConfirmButton
        label={t('approvals.approveCredit')}
        question={t('approvals.confirmApproveCredit', money)}
        disabled={busy}
        onConfirm={() => approve.mutate(row.id)}
      />
    );
  }
  return (
    <div className="admin-actions">
      <input
        aria-label={t('approvals.decisionReason', { id: row.id })}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
      <ConfirmButton
        label={t('approvals.creditIt')}
        question={t('approvals.confirmCredit', money)}
        disabled={busy || !reason.trim()}
        onConfirm={() => credit.mutate({ id: row.id, reason })}
      />
      <ConfirmButton
        danger
        label={t('approvals.refundIt')}
        question={t('approvals.confirmRefund', money)}
        disabled={busy || !reason.trim()}
        onConfirm={() => refund.mutate({ id: row.id, reason })}
      />
    </div>
  );
}
