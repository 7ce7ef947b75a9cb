import { addDays, daysToCatchUp, localDate, localDayBounds } from '@prism/domain';
import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { Logger } from '../../platform/logger';
import { type RunObserver, startRepeating } from '../../platform/repeat';
import type { ConfigService } from '../config';
import { earningDays } from './schema';
import type { DailyPage, DailyStep } from './step';

/**
 * The daily earning job (docs/decisions.md, "The daily earning job"). Each step
 * pays a day in chunks of `chunkSize` holdings, each chunk a transaction of its
 * own, so a holder's account is locked for one chunk, not for the whole step
 * (a bet or a purchase waits at most that long). A step-day is complete when
 * its earning_days row exists: the transaction of the last chunk inserts it,
 * so the day runs to the end exactly once whoever runs the job (two
 * processes, a retry after a crash between chunks: the step pays only what
 * the day has not paid yet). Chunks of one step-day never overlap: each
 * starts by locking the step-day's progress row (see `progressOf`). Days
 * missed while the server was down run on the next pass, oldest first. The
 * day turns at 00:00 in PLATFORM_TIME_ZONE.
 */

/** How far back a first run or a long outage is caught up. */
export const EARNING_CATCH_UP_DAYS = 31;
/** Holdings per chunk unless EARNING_CHUNK_SIZE says otherwise (docs/performance.md, "The daily earning job"). */
export const EARNING_CHUNK_SIZE = 5_000;

export interface EarningDayResult {
  step: string;
  day: string;
  /** True for the runner that completed the step-day (it may have shared its chunks with others). */
  ran: boolean;
  rows: number;
  total: bigint;
}

/**
 * The earning_days row that carries a step-day's running figures between its
 * chunks (under its own step name, so it never counts as the claim). Each
 * chunk locks it first: the lock orders the chunks of runners that overlap.
 */
const progressOf = (step: string) => `${step}/in-progress`;

type ChunkOutcome = { done: false; next: number } | { done: true; ran: boolean; rows: number; total: bigint };

/** Runs one step for one day unless it ran already, chunk by chunk until the day is paid. */
export async function runEarningDay(
  db: Database,
  step: DailyStep,
  input: { day: string; timeZone: string; now: Date; chunkSize?: number },
): Promise<EarningDayResult> {
  const limit = input.chunkSize ?? EARNING_CHUNK_SIZE;
  for (let after = 0; ; ) {
    const outcome = await runChunk(db, step, input, { after, limit });
    if (outcome.done) return { step: step.name, day: input.day, ran: outcome.ran, rows: outcome.rows, total: outcome.total };
    after = outcome.next;
  }
}

/** One chunk in one transaction: the progress row locked, the step's next page paid, the figures carried or the day claimed. */
function runChunk(
  db: Database,
  step: DailyStep,
  input: { day: string; timeZone: string; now: Date },
  page: DailyPage,
): Promise<ChunkOutcome> {
  const { day, timeZone, now } = input;
  const progress = progressOf(step.name);
  const where = (name: string) => sql`${earningDays.step} = ${name} and ${earningDays.day} = ${day}`;
  return db.transaction(async (tx): Promise<ChunkOutcome> => {
    const [carried] = await tx
      .insert(earningDays)
      .values({ step: progress, day, timeZone, rows: 0, total: 0n, ranAt: now })
      .onConflictDoUpdate({ target: [earningDays.step, earningDays.day], set: { ranAt: now } })
      .returning({ rows: earningDays.rows, total: earningDays.total });
    const claimed = await tx.select({ day: earningDays.day }).from(earningDays).where(where(step.name));
    if (claimed.length > 0) {
      await tx.delete(earningDays).where(where(progress));
      return { done: true, ran: false, rows: 0, total: 0n };
    }
    const { start, end } = localDayBounds(day, timeZone);
    const paid = await step.run(tx, { day, start, end, timeZone, now }, page);
    const rows = (carried?.rows ?? 0) + paid.rows;
    const total = (carried?.total ?? 0n) + paid.total;
    if (paid.next !== null) {
      await tx.update(earningDays).set({ rows, total }).where(where(progress));
      return { done: false, next: paid.next };
    }
    // One statement: the progress row goes and the claim comes in the same step.
    await tx.execute(sql`
      with gone as (delete from ${earningDays} where ${where(progress)})
      insert into ${earningDays} (step, day, time_zone, rows, total, ran_at)
      values (${step.name}, ${day}, ${timeZone}, ${rows}, ${total}, ${now.toISOString()}::timestamptz)`);
    return { done: true, ran: true, rows, total };
  });
}

/** The days of a step still to run: after the last one run, up to yesterday, at most EARNING_CATCH_UP_DAYS. */
async function dueDays(db: Database, step: string, yesterday: string): Promise<string[]> {
  const [last] = await db
    .select({ day: earningDays.day })
    .from(earningDays)
    .where(eq(earningDays.step, step))
    .orderBy(desc(earningDays.day))
    .limit(1);
  return daysToCatchUp(last?.day, yesterday, EARNING_CATCH_UP_DAYS);
}

/**
 * Runs every finished day not run yet, day by day and, within a day, step by
 * step in the given order (so a fee follows the income it is charged against).
 * Safe to run anywhere, any number of times.
 */
export async function runDailyEarnings(
  db: Database,
  clock: Clock,
  config: ConfigService,
  steps: readonly DailyStep[],
  chunkSize = EARNING_CHUNK_SIZE,
): Promise<EarningDayResult[]> {
  const now = clock.now();
  const timeZone = await config.timeZone();
  const yesterday = addDays(localDate(now, timeZone), -1);
  const due = new Map<string, string[]>();
  for (const step of steps) due.set(step.name, await dueDays(db, step.name, yesterday));
  const days = [...new Set([...due.values()].flat())].sort();
  const results: EarningDayResult[] = [];
  for (const day of days) {
    for (const step of steps) {
      if (due.get(step.name)?.includes(day)) results.push(await runEarningDay(db, step, { day, timeZone, now, chunkSize }));
    }
  }
  return results;
}

/** Runs the job now and then every `everyMs` (default a minute); returns the stop function. Only server.ts starts it, as leader. */
export function startEarningJob(
  db: Database,
  clock: Clock,
  config: ConfigService,
  steps: readonly DailyStep[],
  logger: Logger,
  options: { everyMs?: number; chunkSize?: number; observe?: RunObserver } = {},
): () => Promise<void> {
  const { everyMs = 60_000, chunkSize = EARNING_CHUNK_SIZE, observe } = options;
  return startRepeating(
    async () => {
      const ran = (await runDailyEarnings(db, clock, config, steps, chunkSize)).filter((result) => result.ran);
      if (ran.length > 0) logger.info({ days: ran.map((r) => ({ ...r, total: r.total.toString() })) }, 'daily earnings run');
      return ran.length > 0;
    },
    { everyMs, logger, failure: 'daily earning job failed', observe },
  );
}
