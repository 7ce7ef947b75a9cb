import {
  AppError,
  type Asset,
  formatGiftCode,
  formatMoney,
  type GiftCodeRedemption,
  giftCodeStatus,
  isGiftCodeFormat,
  normalizeGiftCode,
  type Paged,
} from '@prism/domain';
import { and, count, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { transfer } from '../ledger';
import { postMessage } from '../message';
import { type GiftCodeServiceDeps, pageOffset } from './context';
import { giftCodeRedemptions, giftCodes } from './schema';

/** Why `code` cannot be redeemed by `userId` now, checked in the order a user would want to hear it. */
async function refusal(tx: Executor, code: string, userId: number, now: Date): Promise<AppError> {
  const [row] = await tx.select().from(giftCodes).where(eq(giftCodes.code, code));
  if (!row) return new AppError('GIFT_CODE_UNKNOWN');
  if (row.perUserOnce) {
    const [mine] = await tx
      .select({ id: giftCodeRedemptions.id })
      .from(giftCodeRedemptions)
      .where(and(eq(giftCodeRedemptions.codeId, row.id), eq(giftCodeRedemptions.userId, userId)));
    if (mine) return new AppError('GIFT_CODE_REDEEMED');
  }
  if (row.expiresAt.getTime() <= now.getTime()) return new AppError('GIFT_CODE_EXPIRED');
  return new AppError('GIFT_CODE_USED_UP');
}

/**
 * Redeems inside the caller's transaction: one conditional UPDATE takes a
 * use (never past totalUses, never after expiry); the redemption row's
 * unique index refuses a second one by the same user; then the ledger pays.
 * Any refusal rolls the whole transaction back.
 */
export async function redeemGiftCode(
  { clock, refuseExcluded }: GiftCodeServiceDeps,
  tx: Executor,
  userId: number,
  typed: string,
): Promise<GiftCodeRedemption> {
  const code = normalizeGiftCode(typed);
  if (!isGiftCodeFormat(code)) throw new AppError('GIFT_CODE_UNKNOWN');
  await refuseExcluded(tx, userId);
  const now = clock.now();
  const [taken] = await tx
    .update(giftCodes)
    .set({ usedCount: sql`${giftCodes.usedCount} + 1` })
    .where(and(eq(giftCodes.code, code), lt(giftCodes.usedCount, giftCodes.totalUses), gt(giftCodes.expiresAt, now)))
    .returning();
  if (!taken) throw await refusal(tx, code, userId, now);
  const [redemption] = await tx
    .insert(giftCodeRedemptions)
    .values({ codeId: taken.id, userId, once: taken.perUserOnce, amount: taken.amount, asset: taken.asset, createdAt: now })
    .onConflictDoNothing()
    .returning();
  if (!redemption) throw new AppError('GIFT_CODE_REDEEMED');
  await transfer(
    tx,
    {
      asset: taken.asset as Asset,
      from: { system: 'rewards' },
      to: { userId },
      amount: taken.amount,
      type: 'reward',
      reference: `gift_code:${redemption.id}`,
      idempotencyKey: `gift_code:${redemption.id}`,
      meta: { kind: 'gift_code', codeId: taken.id },
    },
    now,
  );
  await postMessage(tx, clock, userId, 'reward_gift_code', {
    code: formatGiftCode(code),
    amount: formatMoney(taken.amount),
    asset: taken.asset,
  });
  return {
    id: redemption.id,
    code: formatGiftCode(code),
    amount: formatMoney(redemption.amount),
    asset: redemption.asset as Asset,
    createDateTime: now.toISOString(),
    expireDateTime: taken.expiresAt.toISOString(),
    status: giftCodeStatus(taken.expiresAt, now),
  };
}

/** The user's redemption records, newest first. */
export async function redemptionRecords(
  { db, clock }: GiftCodeServiceDeps,
  userId: number,
  pageNo: number,
  pageSize: number,
): Promise<Paged<GiftCodeRedemption>> {
  const now = clock.now();
  const mine = eq(giftCodeRedemptions.userId, userId);
  const [rows, [total]] = await Promise.all([
    db
      .select({ redemption: giftCodeRedemptions, code: giftCodes.code, expiresAt: giftCodes.expiresAt })
      .from(giftCodeRedemptions)
      .innerJoin(giftCodes, eq(giftCodes.id, giftCodeRedemptions.codeId))
      .where(mine)
      .orderBy(desc(giftCodeRedemptions.id))
      .limit(pageSize)
      .offset(pageOffset(pageNo, pageSize)),
    db.select({ n: count() }).from(giftCodeRedemptions).where(mine),
  ]);
  return {
    content: rows.map(({ redemption, code, expiresAt }) => ({
      id: redemption.id,
      code: formatGiftCode(code),
      amount: formatMoney(redemption.amount),
      asset: redemption.asset as Asset,
      createDateTime: redemption.createdAt.toISOString(),
      expireDateTime: expiresAt.toISOString(),
      status: giftCodeStatus(expiresAt, now),
    })),
    totalElements: total?.n ?? 0,
    pageNo,
  };
}
