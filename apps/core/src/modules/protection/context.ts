import {
  AppError,
  type DepositLimits,
  formatMoney,
  isExcluded,
  type LimitState,
  type Money,
  NO_LIMITS,
  type PlayDayRow,
  type WireLimits,
} from '@prism/domain';
import { eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { ConfigService } from '../config';
import { playerProtection } from './schema';

export type Row = typeof playerProtection.$inferSelect;

/** CASH sums per deposit-limit window, read from the recharge module (which owns the orders). */
export type CashSumsReader = (
  tx: Executor,
  userId: number,
  starts: { day: string; week: string; month: string },
) => Promise<{ day: Money; week: Money; month: Money }>;

/** A user's newest bets, read from the game module (which owns them). */
export type RecentBetsReader = (
  on: Executor,
  userId: number,
  limit: number,
) => Promise<{ created_at: string | Date; coin: string; total: string; payout: string }[]>;

/** A user's figures per platform day and coin (My play), read from the game module's figure rows. */
export type PlayDaysReader = (
  on: Executor,
  userId: number,
  days: readonly { date: string; start: Date; end: Date }[],
) => Promise<PlayDayRow[]>;

/**
 * What protection needs: the owners' reads of recharge orders and bets come in as functions, so
 * protection imports neither module (both of them import protection).
 */
export interface ProtectionServiceDeps {
  db: Database;
  clock: Clock;
  config: ConfigService;
  cashRechargedSince: CashSumsReader;
  cashCreditedSince: CashSumsReader;
  recentBets: RecentBetsReader;
  playDays: PlayDaysReader;
}

const limitsOf = (day: Money | null, week: Money | null, month: Money | null): DepositLimits => ({ day, week, month });
export const stateOf = (row: Row | undefined): LimitState =>
  row
    ? {
        current: limitsOf(row.limitDay, row.limitWeek, row.limitMonth),
        pending: row.pendingFrom ? limitsOf(row.pendingDay, row.pendingWeek, row.pendingMonth) : null,
        pendingFrom: row.pendingFrom,
      }
    : { current: NO_LIMITS, pending: null, pendingFrom: null };
export const wire = (limits: DepositLimits): WireLimits => ({
  day: limits.day === null ? null : formatMoney(limits.day),
  week: limits.week === null ? null : formatMoney(limits.week),
  month: limits.month === null ? null : formatMoney(limits.month),
});
/** "2026-03-08 10:00 UTC": the exclusion's end in the refusal message. */
export const formatUntil = (until: Date) => `${until.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

export async function rowOf(tx: Executor, userId: number, lock = false): Promise<Row | undefined> {
  const query = tx.select().from(playerProtection).where(eq(playerProtection.userId, userId));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Refuses while a self-exclusion runs: used by the recharge paths (the bet path reads the column in its own statement). */
export function refuseIfExcluded(excludedUntil: Date | string | null | undefined, now: Date): void {
  const until = excludedUntil ? new Date(excludedUntil) : null;
  if (until && isExcluded(until, now)) throw new AppError('SELF_EXCLUDED', {}, { until: formatUntil(until) });
}

/** Creates the user's row if missing, then locks it: changes of one user are serialised. */
export async function lockedRow(tx: Executor, clock: Clock, userId: number): Promise<Row> {
  await tx.insert(playerProtection).values({ userId, updatedAt: clock.now() }).onConflictDoNothing();
  const row = await rowOf(tx, userId, true);
  if (!row) throw new Error('protection row missing after insert');
  return row;
}

export async function updateRow(tx: Executor, clock: Clock, userId: number, values: Partial<Row>): Promise<void> {
  await tx
    .update(playerProtection)
    .set({ ...values, updatedAt: clock.now() })
    .where(eq(playerProtection.userId, userId));
}
