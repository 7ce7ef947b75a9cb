import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ConfirmButton } from '../../components/ConfirmButton';
import { Facts } from '../../components/Facts';
import { Field } from '../../components/Field';
import { FormStatus } from '../../components/FormStatus';
import { useT } from '../../i18n';
import { formErrors } from '../../lib/errors';
import { useCan, useMe } from '../../lib/session';
import { useApproveWithdrawal, usePayout, useRejectWithdrawal, useWithdrawal } from './api';
import { type QueueRow, reviewState } from './queue';

/**
 * One withdrawal: its facts, the user's context beside it, the payout details on request (finance:
 * the view is audited), and the review (approve or reject with a reason) with the four-eyes state.
 */
export function WithdrawalDetailPage() {
  const t = useT();
  const id = Number(useParams().id);
  const detail = useWithdrawal(id);
  const can = useCan();

  if (detail.isPending) return <p className="admin-muted">{t('app.loading')}</p>;
  if (detail.isError) {
    return (
      <p role="alert" className="admin-error">
        {formErrors(detail.error).message}
      </p>
    );
  }
  const { withdrawal, context } = detail.data;
  return (
    <>
      <p>
        <Link to="/withdrawals">{t('withdrawals.back')}</Link>
      </p>
      <h1>{t('withdrawals.detailTitle', { orderNo: withdrawal.orderNo })}</h1>
      <div className="admin-columns">
        <div>
          <Facts title={t('withdrawals.facts')} value={withdrawal} />
          {can('withdrawals.payoutDetails') ? <Payout id={id} /> : null}
          {can('withdrawals.review') ? <Review withdrawal={withdrawal} /> : null}
        </div>
        <section aria-labelledby="user-context">
          <h2 id="user-context">{t('withdrawals.context')}</h2>
          <Facts title={t('withdrawals.deposits')} value={context.deposits} />
          <Facts title={t('withdrawals.turnover')} value={context.turnover} />
          <Facts title={t('withdrawals.recentBets')} value={context.recentBets} />
          <Facts title={t('withdrawals.sharedAddress')} value={context.sharedAddress} />
          <Facts title={t('withdrawals.sharedDevice')} value={context.sharedDevice} />
        </section>
      </div>
    </>
  );
}

function Payout({ id }: { id: number }) {
  const t = useT();
  const payout = usePayout(id);
  return (
    <section aria-labelledby="payout">
      <h2 id="payout">{t('withdrawals.payout')}</h2>
      <p className="admin-muted">{t('withdrawals.payoutRecorded')}</p>
      {payout.data ? (
        <Facts title={t('withdrawals.payoutShown')} value={payout.data} />
      ) : (
        <button type="button" onClick={() => void payout.refetch()} disabled={payout.isFetching}>
          {t('withdrawals.showPayout')}
        </button>
      )}
      {payout.error ? <FormStatus error={formErrors(payout.error).message} /> : null}
    </section>
  );
}

/** What the last review call did, said in a word. */
function reviewOutcome(
  t: ReturnType<typeof useT>,
  approved: { status?: string } | null | undefined,
  approvedOk: boolean,
  rejectedOk: boolean,
) {
  if (approved?.status === 'awaitingSecondApproval') return t('withdrawals.awaitingAfterMine');
  if (approvedOk) return t('withdrawals.approved');
  return rejectedOk ? t('withdrawals.rejected') : undefined;
}

function Review({ withdrawal }: { withdrawal: QueueRow }) {
  const t = useT();
  const me = useMe();
  const approve = useApproveWithdrawal();
  const reject = useRejectWithdrawal();
  const state = reviewState(withdrawal, me.login);
  const money = { amount: withdrawal.amount, coin: withdrawal.currency, userId: withdrawal.userId };
  const busy = approve.isPending || reject.isPending;
  const canApprove = state.kind === 'open' || (state.kind === 'awaitingSecond' && !state.mine);
  const error = approve.error ?? reject.error;

  return (
    <section aria-labelledby="review">
      <h2 id="review">{t('withdrawals.review')}</h2>
      {state.kind === 'decided' ? <p>{t('withdrawals.decided', { status: t(`withdrawals.statuses.${withdrawal.status}`) })}</p> : null}
      {state.kind === 'awaitingSecond' ? (
        <p data-testid="four-eyes">{state.mine ? t('withdrawals.ownFirst') : t('withdrawals.firstApprovedBy', { login: state.firstBy })}</p>
      ) : null}
      {canApprove ? (
        <div className="admin-actions">
          <ConfirmButton
            label={t('withdrawals.approve')}
            question={t('withdrawals.confirmApprove', money)}
            disabled={busy}
            onConfirm={() => approve.mutate(withdrawal.id)}
          />
        </div>
      ) : null}
      {state.kind !== 'decided' ? (
        <RejectForm
          question={t('withdrawals.confirmReject', money)}
          busy={busy}
          error={reject.error}
          onReject={(reason) => reject.mutate({ id: withdrawal.id, reason })}
        />
      ) : null}
      <FormStatus
        error={error ? formErrors(error).message : undefined}
        success={reviewOutcome(t, approve.data, approve.isSuccess, reject.isSuccess)}
      />
    </section>
  );
}

function RejectForm({
  question,
  busy,
  error,
  onReject,
}: {
  question: string;
  busy: boolean;
  error: unknown;
  onReject: (reason: string) => void;
}) {
  const t = useT();
  const [reason, setReason] = useState('');
  return (
    <div>
      <Field label={t('withdrawals.rejectReason')} error={error ? formErrors(error).fields.reason : undefined}>
        {(props) => <textarea {...props} value={reason} onChange={(event) => setReason(event.target.value)} rows={2} maxLength={2000} />}
      </Field>
      <ConfirmButton
        danger
        label={t('withdrawals.reject')}
        question={question}
        disabled={busy || !reason.trim()}
        onConfirm={() => onReject(reason)}
      />
    </div>
  );
}
