import { AppError, type Asset, localDate, type PowerPurchase, powerTerm, withinDailyLimit } from '@prism/domain';
import { and, eq, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { transfer } from '../ledger';
import { powerHoldings, powerRecords, powerSessions } from './schema';
import { holdingView } from './view';

/**
 * Takes one of today's purchases of a package for `payerId`: one conditional
 * upsert, so concurrent buys past the limit find the row full (DAILY_PURCHASE_LIMIT).
 */
async function takeDailyPurchase(tx: Executor, payerId: number, session: typeof powerSessions.$inferSelect, day: string) {
  if (!withinDailyLimit(0, session.dailyLimit)) throw new AppError('DAILY_PURCHASE_LIMIT');
  const taken = await queryRows<{ count: number }>(
    tx,
    sql`insert into power_daily_purchases (user_id, session_id, day, count) values (${payerId}, ${session.id}, ${day}, 1)
        on conflict (user_id, session_id, day) do update set count = power_daily_purchases.count + 1
        where power_daily_purchases.count < ${session.dailyLimit}
        returning count`,
  );
  if (taken.length === 0) throw new AppError('DAILY_PURCHASE_LIMIT');
}

/** A purchase by `payerId` held by `holderId` (the same user, or a gift's receiver). All in the caller's transaction. */
export async function purchasePower(tx: Executor, clock: Clock, payerId: number, holderId: number, sessionId: number, zone: string) {
  const now = clock.now();
  const [session] = await tx
    .select()
    .from(powerSessions)
    .where(and(eq(powerSessions.id, sessionId), eq(powerSessions.enabled, true)));
  if (!session) throw new AppError('POWER_SESSION_UNKNOWN');
  const day = localDate(now, zone);
  await takeDailyPurchase(tx, payerId, session, day);
  const gift = payerId !== holderId;
  const { startDay, endDay } = powerTerm(day, session.termDays);
  const [holding] = await tx
    .insert(powerHoldings)
    .values({
      userId: holderId,
      sessionId: session.id,
      kind: gift ? 'gift' : 'basic',
      giverId: gift ? payerId : null,
      name: session.name,
      coin: session.coin,
      price: session.price,
      power: session.power,
      termDays: session.termDays,
      dailyRateBps: session.dailyRateBps,
      feeBps: session.feeBps,
      startDay,
      endDay,
      createdAt: now,
    })
    .returning();
  if (!holding) throw new Error('power holding not created');
  await transfer(
    tx,
    {
      asset: session.coin as Asset,
      from: { userId: payerId },
      to: { system: 'power_stakes' },
      amount: session.price,
      type: 'power',
      reference: `power_holding:${holding.id}`,
      idempotencyKey: `power-buy:${holding.id}`,
      meta: { kind: gift ? 'power_gift' : 'power_buy', holdingId: holding.id, sessionId: session.id },
    },
    now,
  );
  return holding;
}

/** POST /app/userPower/buyPower, inside the idempotent transaction (`zone` read before it). */
export async function buyPower(tx: Executor, clock: Clock, userId: number, sessionId: number, zone: string): Promise<PowerPurchase> {
  const holding = await purchasePower(tx, clock, userId, userId, sessionId, zone);
  await tx.insert(powerRecords).values({ userId, holdingId: holding.id, type: 'buy', amount: holding.power, createdAt: holding.createdAt });
  return { holding: holdingView(holding, { income: 0n, fee: 0n }), receiver: '' };
}
