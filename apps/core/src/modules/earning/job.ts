import { addDays, daysToCatchUp, localDate, localDayBounds } from '@prism/domain';
import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { Logger } from '../../platform/logger';
import type { ConfigService } from '../config/service';
import { earningDays } from './schema';
import type { DailyStep } from './step';

/**
 * The daily earning job (DESIGN 6, docs/decisions.md "Daily job"). For each
 * step and each finished platform day it claims the day by inserting its
 * earning_days row inside the transaction that runs the step, so the day runs
 * exactly once whoever runs the job (two processes, a retry after a crash).
 * Days missed while the server was down run on the next pass, oldest first.
 * The day turns at 00:00 in PLATFORM_TIME_ZONE.
 */

/** How far back a first run or a long outage is caught up. */
export const EARNING_CATCH_UP_DAYS = 31;

export interface EarningDayResult {
  step: string;
  day: string;
  ran: boolean;
  rows: number;
  total: bigint;
}

/** Runs one step for one day unless it ran already. All or nothing. */
export async function runEarningDay(
  db: Database,
  step: DailyStep,
  input: { day: string; timeZone: string; now: Date },
): Promise<EarningDayResult> {
  const { day, timeZone, now } = input;
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(earningDays)
      .values({ step: step.name, day, timeZone, rows: 0, total: 0n, ranAt: now })
      .onConflictDoNothing()
      .returning({ day: earningDays.day });
    if (claimed.length === 0) return { step: step.name, day, ran: false, rows: 0, total: 0n };
    const { start, end } = localDayBounds(day, timeZone);
    const paid = await step.run(tx, { day, start, end, timeZone, now });
    await tx
      .update(earningDays)
      .set({ rows: paid.rows, total: paid.total })
      .where(sql`${earningDays.step} = ${step.name} and ${earningDays.day} = ${day}`);
    return { step: step.name, day, ran: true, ...paid };
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
      if (due.get(step.name)?.includes(day)) results.push(await runEarningDay(db, step, { day, timeZone, now }));
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
  everyMs = 60_000,
): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const ran = (await runDailyEarnings(db, clock, config, steps)).filter((result) => result.ran);
      if (ran.length > 0) logger.info({ days: ran.map((r) => ({ ...r, total: r.total.toString() })) }, 'daily earnings run');
    } catch (error) {
      logger.warn({ err: error }, 'daily earning job failed');
    } finally {
      running = false;
    }
  };
  void run();
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
