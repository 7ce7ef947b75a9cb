import { AppError, type Asset, maskPhone, type PowerPurchase } from '@prism/domain';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { balancesOf, lockMoneyOut, recordGivenTurnover } from '../ledger';
import { findUserById, findUserByInvitationCode, type UserRow, usersWithPhone } from '../user';
import { purchasePower } from './purchase';
import { powerHoldings, powerRecords, powerSessions } from './schema';
import { holdingView } from './view';

/** The one user a phone number (ten digits, any area code) or an invitation code names. */
async function receiverOf(tx: Executor, account: string): Promise<UserRow> {
  const byPhone = /^\d{10}$/.test(account) ? await usersWithPhone(tx, account, 2) : [];
  if (byPhone.length > 1) throw new AppError('POWER_GIFT_AMBIGUOUS');
  if (byPhone[0]) return byPhone[0];
  const byCode = await findUserByInvitationCode(tx, account);
  if (!byCode) throw new AppError('POWER_GIFT_USER_UNKNOWN');
  return byCode;
}

/**
 * A gift is paid before its receiver is looked up: a giver who cannot pay learns nothing about
 * which phones and codes are registered (only INSUFFICIENT_BALANCE or an unknown package).
 */
async function checkGiverCanPay(tx: Executor, giverId: number, sessionId: number): Promise<void> {
  const [session] = await tx
    .select({ coin: powerSessions.coin, price: powerSessions.price })
    .from(powerSessions)
    .where(and(eq(powerSessions.id, sessionId), eq(powerSessions.enabled, true)));
  if (!session) throw new AppError('POWER_SESSION_UNKNOWN');
  if ((await balancesOf(tx, giverId))[session.coin as Asset] < session.price) throw new AppError('INSUFFICIENT_BALANCE');
}

/**
 * The giver's withdrawal lock on the price leaves with it (free money first) and is kept on the
 * holding until maturity hands it to the receiver (steps.ts). Read after the price's transfer,
 * which locked the giver's account, so the balance before is exact.
 */
async function carryGiverLock(tx: Executor, giverId: number, holding: typeof powerHoldings.$inferSelect) {
  const coin = holding.coin as Asset;
  const before = (await balancesOf(tx, giverId))[coin] + holding.price;
  const carried = await recordGivenTurnover(tx, giverId, coin, holding.price, before);
  if (carried.principal === 0n) return;
  await tx
    .update(powerHoldings)
    .set({ lockPrincipal: carried.principal, lockRequired: carried.required })
    .where(eq(powerHoldings.id, holding.id));
}

/** POST /app/userPower/givePower: the giver buys a package that the receiver holds as gift power. */
export async function givePower(
  tx: Executor,
  clock: Clock,
  userId: number,
  sessionId: number,
  account: string,
  zone: string,
): Promise<PowerPurchase> {
  // Value leaving the giver, like a withdrawal or an exchange: one at a time, so none of them
  // passes its checks on a balance or lock that a gift is changing.
  await lockMoneyOut(tx, userId);
  await checkGiverCanPay(tx, userId, sessionId);
  const receiver = await receiverOf(tx, account);
  if (receiver.id === userId) throw new AppError('POWER_GIFT_SELF');
  const giver = await findUserById(tx, userId);
  const holding = await purchasePower(tx, clock, userId, receiver.id, sessionId, zone);
  await carryGiverLock(tx, userId, holding);
  const base = { holdingId: holding.id, amount: holding.power, createdAt: holding.createdAt };
  await tx.insert(powerRecords).values([
    { ...base, userId, type: 'gift_out', counterparty: maskPhone(receiver.phone) },
    { ...base, userId: receiver.id, type: 'gift_in', counterparty: maskPhone(giver?.phone ?? '') },
  ]);
  return { holding: holdingView(holding, { income: 0n, fee: 0n }), receiver: maskPhone(receiver.phone) };
}
