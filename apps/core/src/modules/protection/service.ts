import {
  AppError,
  changeExclusion,
  changeLimits,
  checkDeposit,
  type DepositLimits,
  effectiveLimits,
  formatMoney,
  isExcluded,
  LIMIT_PERIODS,
  type LimitPeriod,
  type LimitState,
  limitWindowStart,
  type Money,
  NO_LIMITS,
  type ProtectionSettings,
  playSession,
  type RealityCheck,
  realityCheckDue,
  type WireLimits,
} from '@prism/domain';
import { eq, sql } from 'drizzle-orm';
import { type Database, type Executor, queryRows } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { ConfigService } from '../config';
import { playerProtection } from './schema';

type Row = typeof playerProtection.$inferSelect;

/** How many recent bets the reality check reads to find the current play session. */
const RECENT_BETS = 2000;

const limitsOf = (day: Money | null, week: Money | null, month: Money | null): DepositLimits => ({ day, week, month });
const stateOf = (row: Row | undefined): LimitState =>
  row
    ? {
        current: limitsOf(row.limitDay, row.limitWeek, row.limitMonth),
        pending: row.pendingFrom ? limitsOf(row.pendingDay, row.pendingWeek, row.pendingMonth) : null,
        pendingFrom: row.pendingFrom,
      }
    : { current: NO_LIMITS, pending: null, pendingFrom: null };
const wire = (limits: DepositLimits): WireLimits => ({
  day: limits.day === null ? null : formatMoney(limits.day),
  week: limits.week === null ? null : formatMoney(limits.week),
  month: limits.month === null ? null : formatMoney(limits.month),
});
/** "2026-03-08 10:00 UTC": the exclusion's end in the refusal message. */
export const formatUntil = (until: Date) => `${until.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

async function rowOf(tx: Executor, userId: number, lock = false): Promise<Row | undefined> {
  const query = tx.select().from(playerProtection).where(eq(playerProtection.userId, userId));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Refuses while a self-exclusion runs: used by the recharge paths (the bet path reads the column in its own statement). */
export function refuseIfExcluded(excludedUntil: Date | string | null | undefined, now: Date): void {
  const until = excludedUntil ? new Date(excludedUntil) : null;
  if (until && isExcluded(until, now)) throw new AppError('SELF_EXCLUDED', {}, { until: formatUntil(until) });
}

type Sums = { day: string | null; week: string | null; month: string | null };
const windowStarts = (now: Date, zone: string) =>
  Object.fromEntries(LIMIT_PERIODS.map((p) => [p, limitWindowStart(p, now, zone).toISOString()])) as Record<LimitPeriod, string>;
const sumsOf = (row: Sums | undefined): Record<LimitPeriod, Money> => ({
  day: BigInt(row?.day ?? '0'),
  week: BigInt(row?.week ?? '0'),
  month: BigInt(row?.month ?? '0'),
});

/** CASH recharged (orders pending or paid) since each window's start: an unpaid order counts until it fails. */
async function usedSince(tx: Executor, userId: number, now: Date, zone: string): Promise<Record<LimitPeriod, Money>> {
  const starts = windowStarts(now, zone);
  const [row] = await queryRows<Sums>(
    tx,
    sql`select sum(amount) filter (where created_at >= ${starts.day}::timestamptz)::text as day,
               sum(amount) filter (where created_at >= ${starts.week}::timestamptz)::text as week,
               sum(amount) filter (where created_at >= ${starts.month}::timestamptz)::text as month
          from recharge_orders
         where user_id = ${userId} and currency = 'CASH' and status in ('pending', 'paid')
           and created_at >= ${starts.month < starts.week ? starts.month : starts.week}::timestamptz`,
  );
  return sumsOf(row);
}

/**
 * CASH credited (orders paid) in each window, by when they were credited: what the limit
 * bounds at crediting time (an order made yesterday and paid today counts today).
 */
async function creditedSince(tx: Executor, userId: number, now: Date, zone: string): Promise<Record<LimitPeriod, Money>> {
  const starts = windowStarts(now, zone);
  const [row] = await queryRows<Sums>(
    tx,
    sql`select sum(amount) filter (where completed_at >= ${starts.day}::timestamptz)::text as day,
               sum(amount) filter (where completed_at >= ${starts.week}::timestamptz)::text as week,
               sum(amount) filter (where completed_at >= ${starts.month}::timestamptz)::text as month
          from recharge_orders
         where user_id = ${userId} and currency = 'CASH' and status = 'paid'
           and completed_at >= ${starts.month < starts.week ? starts.month : starts.week}::timestamptz`,
  );
  return sumsOf(row);
}

export function createProtectionService({ db, clock, config }: { db: Database; clock: Clock; config: ConfigService }) {
  /** Creates the user's row if missing, then locks it: changes of one user are serialised. */
  async function lockedRow(tx: Executor, userId: number): Promise<Row> {
    await tx.insert(playerProtection).values({ userId, updatedAt: clock.now() }).onConflictDoNothing();
    const row = await rowOf(tx, userId, true);
    if (!row) throw new Error('protection row missing after insert');
    return row;
  }

  async function update(tx: Executor, userId: number, values: Partial<Row>): Promise<void> {
    await tx
      .update(playerProtection)
      .set({ ...values, updatedAt: clock.now() })
      .where(eq(playerProtection.userId, userId));
  }

  return {
    /** Read outside the money transaction: on PGlite's single connection nothing may query outside it meanwhile. */
    timeZone: () => config.timeZone(),

    async settings(userId: number): Promise<ProtectionSettings> {
      const now = clock.now();
      const zone = await config.timeZone();
      const row = await rowOf(db, userId);
      const state = stateOf(row);
      const pendingLive = state.pending && state.pendingFrom && state.pendingFrom.getTime() > now.getTime();
      const used = await usedSince(db, userId, now, zone);
      return {
        excludedUntil: row?.excludedUntil && isExcluded(row.excludedUntil, now) ? row.excludedUntil.toISOString() : null,
        limits: wire(effectiveLimits(state, now)),
        pendingLimits: pendingLive && state.pending ? wire(state.pending) : null,
        pendingFrom: pendingLive && state.pendingFrom ? state.pendingFrom.toISOString() : null,
        used: { day: formatMoney(used.day), week: formatMoney(used.week), month: formatMoney(used.month) },
        realityCheckMinutes: row?.realityCheckMinutes ?? 0,
      };
    },

    async exclude(userId: number, until: Date): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await lockedRow(tx, userId);
        const change = changeExclusion(row.excludedUntil, until, clock.now());
        if (!change.ok) throw new AppError(change.reason === 'SHORTER' ? 'EXCLUSION_CANNOT_SHORTEN' : 'EXCLUSION_DATE_INVALID');
        await update(tx, userId, { excludedUntil: change.until });
      });
    },

    async setLimits(userId: number, requested: DepositLimits): Promise<void> {
      await db.transaction(async (tx) => {
        const next = changeLimits(stateOf(await lockedRow(tx, userId)), requested, clock.now());
        await update(tx, userId, {
          limitDay: next.current.day,
          limitWeek: next.current.week,
          limitMonth: next.current.month,
          pendingDay: next.pending?.day ?? null,
          pendingWeek: next.pending?.week ?? null,
          pendingMonth: next.pending?.month ?? null,
          pendingFrom: next.pendingFrom,
        });
      });
    },

    async setRealityCheck(userId: number, minutes: number): Promise<void> {
      await db.transaction(async (tx) => {
        await lockedRow(tx, userId);
        await update(tx, userId, { realityCheckMinutes: minutes });
      });
    },

    async acknowledge(userId: number): Promise<void> {
      await db.transaction(async (tx) => {
        await lockedRow(tx, userId);
        await update(tx, userId, { realityAckAt: clock.now() });
      });
    },

    /**
     * Inside the recharge order's transaction: refuses while excluded and over any
     * deposit limit (CASH gateway orders). `zone` is read before the transaction.
     */
    async checkRecharge(tx: Executor, userId: number, amount: Money, zone: string): Promise<void> {
      const now = clock.now();
      // Locked: concurrent orders of one user queue here, and each then sums the orders committed
      // before it (a plain read let 20 concurrent orders all see the same unused limit).
      const row = await rowOf(tx, userId, true);
      if (!row) return;
      refuseIfExcluded(row.excludedUntil, now);
      const limits = effectiveLimits(stateOf(row), now);
      if (LIMIT_PERIODS.every((p) => limits[p] === null)) return;
      const check = checkDeposit(limits, await usedSince(tx, userId, now, zone), amount);
      if (!check.ok) {
        const key = check.period === 'day' ? 'DEPOSIT_LIMIT_DAY' : check.period === 'week' ? 'DEPOSIT_LIMIT_WEEK' : 'DEPOSIT_LIMIT_MONTH';
        throw new AppError(key, {}, { remaining: formatMoney(check.remaining) });
      }
    },

    /**
     * Inside the callback's transaction, before a paid order is credited: whether `amount` still fits
     * every limit, counting what was credited in each window. False when a limit lowered since the
     * order (or orders made in an earlier window) would be passed: the order is then not credited.
     * The row lock serialises the user's concurrent callbacks (and orders). `zone` is read before.
     */
    async fitsAtCredit(tx: Executor, userId: number, amount: Money, zone: string): Promise<boolean> {
      const now = clock.now();
      const row = await rowOf(tx, userId, true);
      if (!row) return true;
      const limits = effectiveLimits(stateOf(row), now);
      if (LIMIT_PERIODS.every((p) => limits[p] === null)) return true;
      return checkDeposit(limits, await creditedSince(tx, userId, now, zone), amount).ok;
    },

    /**
     * Refuses, inside the caller's transaction, what feeds play while an exclusion runs: exchanges
     * into a game coin, sign-in, taps, gift codes and level rewards (docs/protection.md, the table).
     */
    refuseExcluded: async (tx: Executor, userId: number): Promise<void> => {
      refuseIfExcluded((await rowOf(tx, userId))?.excludedUntil, clock.now());
    },

    /** Refuses the sandbox's simulated deposit while excluded (real chain deposits are always credited). */
    async checkExcluded(userId: number): Promise<void> {
      refuseIfExcluded((await rowOf(db, userId))?.excludedUntil, clock.now());
    },

    async realityCheck(userId: number): Promise<RealityCheck> {
      const now = clock.now();
      const row = await rowOf(db, userId);
      const interval = row?.realityCheckMinutes ?? 0;
      const bets = await queryRows<{ created_at: string | Date; coin: string; total: string; payout: string }>(
        db,
        sql`select created_at, coin, total::text as total, payout::text as payout from game_bets
             where user_id = ${userId} order by id desc limit ${RECENT_BETS}`,
      );
      const times = bets.map((b) => new Date(b.created_at));
      const session = playSession(times, now);
      const inSession = session ? bets.filter((_, i) => (times[i] as Date).getTime() >= session.start.getTime()) : [];
      const byCoin = new Map<string, { staked: bigint; paidOut: bigint }>();
      for (const bet of inSession) {
        const sum = byCoin.get(bet.coin) ?? { staked: 0n, paidOut: 0n };
        sum.staked += BigInt(bet.total);
        sum.paidOut += BigInt(bet.payout);
        byCoin.set(bet.coin, sum);
      }
      return {
        due: realityCheckDue(interval, session, row?.realityAckAt ?? null, now),
        minutesPlayed: session ? Math.floor((now.getTime() - session.start.getTime()) / 60_000) : 0,
        results: [...byCoin].map(([coin, s]) => ({
          coin,
          staked: formatMoney(s.staked),
          paidOut: formatMoney(s.paidOut),
          net: formatMoney(s.paidOut - s.staked),
        })),
        intervalMinutes: interval,
      };
    },
  };
}

export type ProtectionService = ReturnType<typeof createProtectionService>;

/** What a module that pays rewards or sells game coins asks of protection (the service's refuseExcluded). */
export type ExclusionGuard = (tx: Executor, userId: number) => Promise<void>;
