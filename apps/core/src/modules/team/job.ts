import {
  type Asset,
  addDays,
  daysToCatchUp,
  formatMoney,
  localDate,
  localDayBounds,
  REBATE_KINDS,
  REBATE_TIERS,
  type RebateKind,
  rebateFor,
} from '@prism/domain';
import { desc, eq, sql } from 'drizzle-orm';
import { type Database, type Executor, queryRows } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { Logger } from '../../platform/logger';
import { type RunObserver, startRepeating } from '../../platform/repeat';
import type { ConfigService } from '../config';
import { settledStakesBetween } from '../game';
import { type TransferInput, transferBatch, userCreditsBetween } from '../ledger';
import { postMessages } from '../message';
import { invitersCte } from '../user';
import { withdrawnBetween } from '../withdraw';
import { loadRebateSettings, type RebateSettings, rebateCycleWarnings } from './rates';
import { rebatePeriods } from './schema';
import { effectiveInvitations } from './sql';

/**
 * The rebate job: pays each finished platform day's team rebates once, per
 * kind, set-based (docs/money.md, "Team rebates"). A day is claimed by inserting its
 * rebate_periods row inside the transaction that pays it, so a second runner
 * (another process, a retry) waits on the row and then finds the day paid.
 * Days missed while the server was down are paid on the next run, oldest first.
 */

/** How far back a first run or a long outage is caught up. */
export const REBATE_CATCH_UP_DAYS = 31;

/** A day is paid only this long after it ended, so a settlement committing at midnight is in it. */
export const REBATE_GRACE_MS = 5 * 60_000;

/** How many tiers up a member's amount pays rebates (1 = who invited them). */
const TIERS_PAID = REBATE_TIERS.length;

export interface PeriodResult {
  period: string;
  kind: RebateKind;
  paid: boolean;
  transfers: number;
  total: bigint;
}

/** Each member's amount in [start, end): valid bet turnover, credited recharges, or effective invitations (1). */
function memberAmounts(kind: RebateKind, start: Date, end: Date, registerAsset: Asset) {
  const from = sql`${start.toISOString()}::timestamptz`;
  const to = sql`${end.toISOString()}::timestamptz`;
  if (kind === 'bet') return settledStakesBetween(from, to);
  if (kind === 'recharge')
    // Only money that stays earns (domain retainedRecharge): the day's recharges in a coin minus the
    // member's withdrawals asked that day in the same coin (not rejected), so a same-day cycle pays nothing.
    return sql`select r.user_id, r.asset, greatest(r.amount - coalesce(w.amount, 0), 0) as amount from (
                 ${userCreditsBetween('recharge', from, to)}
               ) r left join (${withdrawnBetween(from, to)}) w on w.user_id = r.user_id and w.asset = r.asset
               where r.amount > coalesce(w.amount, 0)`;
  return sql`select user_id, ${registerAsset}::text as asset, 1::bigint as amount from (${effectiveInvitations}) e
             where effective_at >= ${from} and effective_at < ${to}`;
}

/** The bases of one day and kind, summed per beneficiary (1-3 tiers up), tier and coin. */
async function rebateBases(tx: Executor, kind: RebateKind, start: Date, end: Date, settings: RebateSettings) {
  return queryRows<{ beneficiary: string | number; tier: number; asset: Asset; base: string }>(
    tx,
    sql`with recursive member_amounts as (${memberAmounts(kind, start, end, settings.registerAsset)}),
        ${invitersCte(sql`select user_id from member_amounts`, TIERS_PAID)}
        select up.ancestor as beneficiary, up.tier, m.asset, sum(m.amount)::text as base
        from inviters up join member_amounts m on m.user_id = up.member
        group by up.ancestor, up.tier, m.asset
        order by up.ancestor, up.tier, m.asset`,
  );
}

/** One message per beneficiary and coin with the day's total over its tiers (paid in the same transaction). */
function rebateMessages(transfers: readonly TransferInput[], kind: RebateKind, period: string) {
  const totals = new Map<string, { userId: number; asset: Asset; amount: bigint }>();
  for (const t of transfers) {
    const userId = 'userId' in t.to ? t.to.userId : 0;
    const key = `${userId}:${t.asset}`;
    const entry = totals.get(key) ?? { userId, asset: t.asset, amount: 0n };
    entry.amount += t.amount;
    totals.set(key, entry);
  }
  return [...totals.values()].map(({ userId, asset, amount }) => ({
    userId,
    kind: 'rebate_paid' as const,
    params: { kind, period, amount: formatMoney(amount), asset },
  }));
}

/** Pays one day of one kind, unless it was paid already. All or nothing. */
export async function payRebatePeriod(
  db: Database,
  input: { period: string; kind: RebateKind; timeZone: string; settings: RebateSettings; now: Date },
): Promise<PeriodResult> {
  const { period, kind, timeZone, settings, now } = input;
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`); // as in stats.ts: compiling costs more than the query
    const claimed = await tx
      .insert(rebatePeriods)
      .values({ period, kind, timeZone, transfers: 0, total: 0n, paidAt: now })
      .onConflictDoNothing()
      .returning({ period: rebatePeriods.period });
    if (claimed.length === 0) return { period, kind, paid: false, transfers: 0, total: 0n };
    const { start, end } = localDayBounds(period, timeZone);
    const reference = `rebate:${kind}:${period}`;
    const transfers: TransferInput[] = [];
    for (const row of await rebateBases(tx, kind, start, end, settings)) {
      const tier = Number(row.tier);
      const amount = rebateFor(kind, tier, BigInt(row.base), settings.rates);
      if (amount <= 0n) continue;
      const beneficiary = Number(row.beneficiary);
      transfers.push({
        asset: row.asset,
        from: { system: 'rebates' },
        to: { userId: beneficiary },
        amount,
        type: 'rebate',
        reference,
        idempotencyKey: `${reference}:${beneficiary}:${tier}:${row.asset}`,
        // `level` is the tier, under the name the stored transfers have always had (stats.ts reads it).
        meta: { kind, level: tier, period },
      });
    }
    await transferBatch(tx, transfers, now);
    await postMessages(tx, now, rebateMessages(transfers, kind, period));
    const total = transfers.reduce((sum, t) => sum + t.amount, 0n);
    await tx
      .update(rebatePeriods)
      .set({ transfers: transfers.length, total })
      .where(sql`${rebatePeriods.period} = ${period} and ${rebatePeriods.kind} = ${kind}`);
    return { period, kind, paid: true, transfers: transfers.length, total };
  });
}

/** The days of a kind still to pay: after the last paid one, up to yesterday, at most REBATE_CATCH_UP_DAYS. */
async function duePeriods(db: Database, kind: RebateKind, yesterday: string): Promise<string[]> {
  const [last] = await db
    .select({ period: rebatePeriods.period })
    .from(rebatePeriods)
    .where(eq(rebatePeriods.kind, kind))
    .orderBy(desc(rebatePeriods.period))
    .limit(1);
  return daysToCatchUp(last?.period, yesterday, REBATE_CATCH_UP_DAYS);
}

/** Pays every finished day not paid yet, for every kind. Safe to run anywhere, any number of times. */
export async function runRebates(db: Database, clock: Clock, config: ConfigService): Promise<PeriodResult[]> {
  const now = clock.now();
  const timeZone = await config.timeZone();
  const settings = await loadRebateSettings(config);
  const yesterday = addDays(localDate(new Date(now.getTime() - REBATE_GRACE_MS), timeZone), -1);
  const results: PeriodResult[] = [];
  for (const kind of REBATE_KINDS) {
    for (const period of await duePeriods(db, kind, yesterday)) {
      results.push(await payRebatePeriod(db, { period, kind, timeZone, settings, now }));
    }
  }
  return results;
}

/** Runs the job now and then every `everyMs` (default 10 minutes); returns the stop function. Only server.ts starts it, as leader. */
export function startRebateJob(
  db: Database,
  clock: Clock,
  config: ConfigService,
  logger: Logger,
  everyMs = 600_000,
  observe?: RunObserver,
): () => Promise<void> {
  let warned = '[]';
  return startRepeating(
    async () => {
      const warnings = await rebateCycleWarnings(db, await loadRebateSettings(config));
      if (JSON.stringify(warnings) !== warned && warnings.length > 0)
        logger.warn(
          { warnings },
          'rebate settings make cycling money profitable: recharge rebates exceed the withdrawal fee with no turnover',
        );
      warned = JSON.stringify(warnings);
      const paid = (await runRebates(db, clock, config)).filter((result) => result.paid);
      if (paid.length > 0) logger.info({ periods: paid.map((p) => ({ ...p, total: p.total.toString() })) }, 'rebates paid');
      return paid.length > 0;
    },
    { everyMs, logger, failure: 'rebate job failed', observe },
  );
}
