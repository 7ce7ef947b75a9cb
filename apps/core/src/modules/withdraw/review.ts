import { AppError, visibleReason } from '@prism/domain';
import { and, eq } from 'drizzle-orm';
import { transfer } from '../ledger';
import { postMessage } from '../message';
import type { WalletCurrency } from '../wallet';
import type { WithdrawContext } from './context';
import { afterCommit, closeReview, messageParams, tellUser } from './notices';
import { withdrawals } from './schema';
import { settlePaid } from './settle';
import { toWithdrawalView, type WithdrawalView } from './view';

/** Refuses (not found, already decided) unless the withdrawal still awaits a decision: checked before asking for a reason. */
export async function ensureReviewable(ctx: WithdrawContext, id: number): Promise<void> {
  const [row] = await ctx.db.select({ status: withdrawals.status }).from(withdrawals).where(eq(withdrawals.id, id));
  if (!row) throw new AppError('ORDER_NOT_FOUND');
  if (row.status !== 'pending_review') throw new AppError('WITHDRAWAL_NOT_PENDING');
}

/** An operator marks a withdrawal paid. */
export async function approveWithdrawal(ctx: WithdrawContext, id: number, by: string): Promise<WithdrawalView> {
  const paid = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id));
    if (!row) throw new AppError('ORDER_NOT_FOUND');
    const settled = await settlePaid(tx, ctx.clock, row, by);
    if (!settled) throw new AppError('WITHDRAWAL_NOT_PENDING');
    return settled;
  });
  await afterCommit(ctx, [() => tellUser(ctx, paid), () => closeReview(ctx, paid)]);
  return toWithdrawalView(paid);
}

/**
 * An operator rejects a withdrawal: the amount goes back to the user, with the reason they will see.
 * The state is checked first (an already decided one says so whatever the reason); then the reason
 * is trimmed and must not be empty. Every path (bot, ops CLI, admin API) comes through here.
 */
export async function rejectWithdrawal(ctx: WithdrawContext, id: number, reason: string | undefined, by: string): Promise<WithdrawalView> {
  const { clock } = ctx;
  await ensureReviewable(ctx, id);
  const shown = visibleReason(reason);
  if (!shown) throw AppError.invalid({ reason: 'REASON_REQUIRED' });
  const rejected = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(withdrawals)
      .set({ status: 'rejected', reason: shown, decidedBy: by, decidedAt: clock.now() })
      .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'pending_review')))
      .returning();
    if (!row) {
      const [exists] = await tx.select({ id: withdrawals.id }).from(withdrawals).where(eq(withdrawals.id, id));
      throw new AppError(exists ? 'WITHDRAWAL_NOT_PENDING' : 'ORDER_NOT_FOUND');
    }
    await transfer(
      tx,
      {
        asset: row.currency as WalletCurrency,
        from: { system: 'withdrawals_in_flight' },
        to: { userId: row.userId },
        amount: row.amount,
        type: 'withdraw_refund',
        reference: `withdrawal:${row.orderNo}`,
      },
      clock.now(),
    );
    await postMessage(tx, clock, row.userId, 'withdraw_rejected', messageParams(row));
    return row;
  });
  await afterCommit(ctx, [() => tellUser(ctx, rejected), () => closeReview(ctx, rejected)]);
  return toWithdrawalView(rejected);
}
