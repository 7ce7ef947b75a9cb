import { afterRecharge, type Money, type TurnoverState, withdrawableBalance } from '@prism/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { turnover } from './schema';

/**
 * Bookkeeping for the withdrawal turnover rule: recharges add a requirement,
 * bets (the game) add turnover. Call these inside the transaction that moves the money.
 */
async function lockedState(tx: Executor, userId: number, currency: string): Promise<TurnoverState> {
  await tx.insert(turnover).values({ userId, currency }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(turnover)
    .where(and(eq(turnover.userId, userId), eq(turnover.currency, currency)))
    .for('update');
  return { required: row?.required ?? 0n, principal: row?.principal ?? 0n, done: row?.done ?? 0n };
}

export async function recordRechargeTurnover(
  tx: Executor,
  userId: number,
  currency: string,
  amount: Money,
  multipleBps: number,
): Promise<void> {
  const next = afterRecharge(await lockedState(tx, userId, currency), amount, multipleBps);
  await tx
    .update(turnover)
    .set(next)
    .where(and(eq(turnover.userId, userId), eq(turnover.currency, currency)));
}

export async function recordBetTurnover(tx: Executor, userId: number, currency: string, stake: Money): Promise<void> {
  await tx
    .insert(turnover)
    .values({ userId, currency, done: stake })
    .onConflictDoUpdate({ target: [turnover.userId, turnover.currency], set: { done: sql`${turnover.done} + ${stake}` } });
}

export async function turnoverState(tx: Executor, userId: number, currency: string): Promise<TurnoverState> {
  const [row] = await tx
    .select()
    .from(turnover)
    .where(and(eq(turnover.userId, userId), eq(turnover.currency, currency)));
  return { required: row?.required ?? 0n, principal: row?.principal ?? 0n, done: row?.done ?? 0n };
}

export async function withdrawableOf(tx: Executor, userId: number, currency: string, balance: Money): Promise<Money> {
  return withdrawableBalance(balance, await turnoverState(tx, userId, currency));
}
