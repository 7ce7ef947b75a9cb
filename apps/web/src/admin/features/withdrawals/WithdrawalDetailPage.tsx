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
        <Facts title={t('withdrawals.payout')} value={payout.data} />
      ) : (
        <button type="button" onClick={() => void payout.refetch()} disabled={payout.isFetching}>
          {t('withdrawals.showPayout')}
        </button>
      )}
      {payout.error ? <FormStatus error={formErrors(payout.error).message} /> : null}
    </section>
  );
}

function Review({ withdrawal }: { withdrawal: QueueRow }) {
  const t = useT();
  const me = useMe();
  const approve = useApproveWithdrawal();
  const reject = useRejectWithdrawal();
  const [reason, setReason] = useState('');
  const state = reviewState(withdrawal, me.login);
  const money = { amount: withdrawal.amount, coin: withdrawal.currency, userId: withdrawal.userId };
  const rejectErrors = reject.error ? formErrors(reject.error) : undefined;
  const success =
    approve.data?.status === 'awaitingSecondApproval'
      ? t('withdrawals.awaitingAfterMine')
      : approve.isSuccess
        ? t('withdrawals.approved')
        : reject.isSuccess
          ? t('withdrawals.rejected')
          : undefined;

  return (
    <section aria-labelledby="review">
      <h2 id="review">{t('withdrawals.review')}</h2>
      {state.kind === 'decided' ? <p>{t('withdrawals.decided', { status: t(`withdrawals.statuses.${withdrawal.status}`) })}</p> : null}
      {state.kind === 'awaitingSecond' ? (
        <p data-testid="four-eyes">{state.mine ? t('withdrawals.ownFirst') : t('withdrawals.firstApprovedBy', { login: state.firstBy })}</p>
      ) : null}
      {state.kind === 'open' || (state.kind === 'awaitingSecond' && !state.mine) ? (
        <div className="admin-actions">
          <ConfirmButton
            label={t('withdrawals.approve')}
            question={t('withdrawals.confirmApprove', money)}
            disabled={approve.isPending || reject.isPending}
            onConfirm={() => approve.mutate(withdrawal.id)}
          />
        </div>
      ) : null}
      {state.kind !== 'decided' ? (
        <div>
          <Field label={t('withdrawals.rejectReason')} error={rejectErrors?.fields.reason}>
            {(props) => <textarea {...props} value={reason} onChange={(event) => setReason(event.target.value)} rows={2} maxLength={2000} />}
          </Field>
          <ConfirmButton
            danger
            label={t('withdrawals.reject')}
            question={t('withdrawals.confirmReject', money)}
            disabled={!reason.trim() || approve.isPending || reject.isPending}
            onConfirm={() => reject.mutate({ id: withdrawal.id, reason })}
          />
        </div>
      ) : null}
      <FormStatus error={approve.error ? formErrors(approve.error).message : rejectErrors?.message} success={success} />
    </section>
  );
}
