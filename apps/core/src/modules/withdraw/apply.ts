import { AppError, withdrawFee } from '@prism/domain';
import type { Transaction } from '../../db/client';
import { lockMoneyOut, transfer } from '../ledger';
import { postMessage } from '../message';
import { userTarget } from '../sms';
import { findUserById } from '../user';
import { verifyAssetPassword } from './assetPassword';
import type { AfterCommit, ApplyInput, WithdrawContext } from './context';
import { askOperators, messageParams, tellUser } from './notices';
import { checkRules, destinationOf } from './rules';
import { withdrawals } from './schema';
import { settlePaid } from './settle';
import { toWithdrawalView, type WithdrawalView } from './view';

/** The checks that need no transaction; run once per Idempotency-Key claim. */
export async function precheckWithdrawal(ctx: WithdrawContext, userId: number, input: ApplyInput): Promise<void> {
  const { db, clock } = ctx;
  await destinationOf(db, userId, input);
  await verifyAssetPassword(db, clock, userId, input.assetPassword);
  const user = await findUserById(db, userId);
  if (!user?.telegramUsername) throw new AppError('TELEGRAM_USERNAME_REQUIRED');
  await checkRules(db, clock, userId, input);
  try {
    await ctx.codes.verify('withdraw', userTarget(userId), input.code);
  } catch (error) {
    throw error instanceof AppError && error.key === 'CODE_INCORRECT' ? new AppError('WITHDRAW_CODE_INCORRECT') : error;
  }
}

/**
 * Moves the amount to "withdrawals in flight" and records the withdrawal;
 * amounts up to autoAuditAmount are paid at once. Runs in the caller's transaction.
 */
export async function applyWithdrawal(
  ctx: WithdrawContext,
  tx: Transaction,
  userId: number,
  input: ApplyInput,
  pending: AfterCommit[],
): Promise<WithdrawalView> {
  const { clock } = ctx;
  // One withdrawal or exchange at a time per user, so two cannot both fit under the daily cap or the turnover lock.
  await lockMoneyOut(tx, userId);
  const { config, limits, day } = await checkRules(tx, clock, userId, input);
  const { channel, destination } = await destinationOf(tx, userId, input);
  const { fee, receive } = withdrawFee(input.amount, limits.withdrawFeeBps);
  const number = await ctx.orderNo(tx);
  await transfer(
    tx,
    {
      asset: input.currency,
      from: { userId },
      to: { system: 'withdrawals_in_flight' },
      amount: input.amount,
      type: 'withdraw',
      reference: `withdrawal:${number}`,
    },
    clock.now(),
  );
  const [created] = await tx
    .insert(withdrawals)
    .values({
      orderNo: number,
      userId,
      currency: input.currency,
      amount: input.amount,
      fee,
      receive,
      channel,
      destination,
      status: 'pending_review',
      localDay: day,
      createdAt: clock.now(),
    })
    .returning();
  if (!created) throw new Error('insert returned no row');
  const row = input.amount <= config.autoAuditAmount ? ((await settlePaid(tx, clock, created, 'auto')) ?? created) : created;
  if (row.status === 'pending_review') {
    await postMessage(tx, clock, userId, 'withdraw_requested', messageParams(row));
    pending.push(() => askOperators(ctx, row));
  }
  pending.push(() => tellUser(ctx, row));
  return toWithdrawalView(row);
}
