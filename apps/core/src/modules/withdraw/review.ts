import { AppError, decisionRefusal, needsSecondApproval, visibleReason } from '@prism/domain';
import { and, eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { type AuditActor, recordAudit } from '../audit';
import { transfer } from '../ledger';
import { postMessage } from '../message';
import { loadWalletConfig, type WalletCurrency } from '../wallet';
import type { WithdrawContext } from './context';
import { afterCommit, closeReview, messageParams, tellUser } from './notices';
import { withdrawals } from './schema';
import { settlePaid } from './settle';
import { toWithdrawalView, type WithdrawalRow, type WithdrawalView } from './view';

/** A first approval of a withdrawal above the four-eyes amount: it waits for a different operator. */
export interface AwaitingSecondApproval {
  id: number;
  orderNo: string;
  status: 'awaitingSecondApproval';
  firstApprovedBy: string;
}

/** Refuses (not found, already decided) unless the withdrawal still awaits a decision: checked before asking for a reason. */
export async function ensureReviewable(ctx: WithdrawContext, id: number): Promise<void> {
  const [row] = await ctx.db.select({ status: withdrawals.status }).from(withdrawals).where(eq(withdrawals.id, id));
  if (!row) throw new AppError('ORDER_NOT_FOUND');
  if (row.status !== 'pending_review') throw new AppError('WITHDRAWAL_NOT_PENDING');
}

/** The pending withdrawal, locked until commit (two approvals queue here), or the refusal. */
async function lockPending(tx: Transaction, id: number): Promise<WithdrawalRow> {
  const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
  if (!row) throw new AppError('ORDER_NOT_FOUND');
  if (row.status !== 'pending_review') throw new AppError('WITHDRAWAL_NOT_PENDING');
  return row;
}

const operatorOf = (actor: AuditActor) => ({ id: actor.operator.id, login: actor.operator.login });

/**
 * An operator approves a withdrawal. Above the coin's `secondApprovalAbove` the first approval is
 * only recorded (audit 'withdrawal.firstApprove') and a different operator's approval pays it; the
 * same operator twice is refused (FOUR_EYES_SELF). Paying writes the audit row 'withdrawal.approve'
 * in the same transaction, and its transfers carry the audit row's id.
 */
export async function approveWithdrawal(
  ctx: WithdrawContext,
  id: number,
  actor: AuditActor,
): Promise<WithdrawalView | AwaitingSecondApproval> {
  const { clock } = ctx;
  const outcome = await ctx.db.transaction(async (tx): Promise<{ awaiting: AwaitingSecondApproval } | { paid: WithdrawalRow }> => {
    const row = await lockPending(tx, id);
    const config = await loadWalletConfig(tx, row.currency as WalletCurrency);
    const target = { type: 'withdrawal', id: row.id };
    const before = { status: row.status, firstApprovedBy: row.firstApprovedBy };
    if (needsSecondApproval(row.amount, config.secondApprovalAbove)) {
      if (row.firstApprovedById === null || row.firstApprovedBy === null) {
        const first = { firstApprovedById: actor.operator.id, firstApprovedBy: actor.operator.login, firstApprovedAt: clock.now() };
        await tx.update(withdrawals).set(first).where(eq(withdrawals.id, row.id));
        const after = { status: 'awaitingSecondApproval', firstApprovedBy: first.firstApprovedBy };
        await recordAudit(tx, clock, actor, { action: 'withdrawal.firstApprove', target, before, after });
        return { awaiting: { id: row.id, orderNo: row.orderNo, status: 'awaitingSecondApproval', firstApprovedBy: first.firstApprovedBy } };
      }
      const refusal = decisionRefusal({ id: row.firstApprovedById, login: row.firstApprovedBy }, operatorOf(actor));
      if (refusal) throw new AppError(refusal);
    }
    const auditId = await recordAudit(tx, clock, actor, { action: 'withdrawal.approve', target, before, after: { status: 'paid' } });
    const settled = await settlePaid(tx, clock, row, actor.operator.login, auditId);
    if (!settled) throw new AppError('WITHDRAWAL_NOT_PENDING');
    return { paid: settled };
  });
  if ('awaiting' in outcome) return outcome.awaiting;
  const { paid } = outcome;
  await afterCommit(ctx, [() => tellUser(ctx, paid), () => closeReview(ctx, paid)]);
  return toWithdrawalView(paid);
}

/**
 * An operator rejects a withdrawal: the amount goes back to the user, with the reason they will see.
 * The state is checked first (an already decided one says so whatever the reason); then the reason
 * is trimmed and must not be empty. Every path (bot, ops CLI, admin API) comes through here. One
 * operator suffices (money goes back, never out); the audit row and the refund commit together.
 */
export async function rejectWithdrawal(
  ctx: WithdrawContext,
  id: number,
  reason: string | undefined,
  actor: AuditActor,
): Promise<WithdrawalView> {
  const { clock } = ctx;
  await ensureReviewable(ctx, id);
  const shown = visibleReason(reason);
  if (!shown) throw AppError.invalid({ reason: 'REASON_REQUIRED' });
  const rejected = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(withdrawals)
      .set({ status: 'rejected', reason: shown, decidedBy: actor.operator.login, decidedAt: clock.now() })
      .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'pending_review')))
      .returning();
    if (!row) {
      const [exists] = await tx.select({ id: withdrawals.id }).from(withdrawals).where(eq(withdrawals.id, id));
      throw new AppError(exists ? 'WITHDRAWAL_NOT_PENDING' : 'ORDER_NOT_FOUND');
    }
    const auditId = await recordAudit(tx, clock, actor, {
      action: 'withdrawal.reject',
      target: { type: 'withdrawal', id: row.id },
      before: { status: 'pending_review', firstApprovedBy: row.firstApprovedBy },
      after: { status: 'rejected' },
      reason: shown,
    });
    await transfer(
      tx,
      {
        asset: row.currency as WalletCurrency,
        from: { system: 'withdrawals_in_flight' },
        to: { userId: row.userId },
        amount: row.amount,
        type: 'withdraw_refund',
        reference: `withdrawal:${row.orderNo}`,
        auditId,
      },
      clock.now(),
    );
    await postMessage(tx, clock, row.userId, 'withdraw_rejected', messageParams(row));
    return row;
  });
  await afterCommit(ctx, [() => tellUser(ctx, rejected), () => closeReview(ctx, rejected)]);
  return toWithdrawalView(rejected);
}
