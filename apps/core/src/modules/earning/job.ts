import { addDays, daysToCatchUp, localDate, localDayBounds } from '@prism/domain';
import { desc, eq, sql } from 'drizzle-orm';
import { type Database, scriptRows } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { Logger } from '../../platform/logger';
import { type RunObserver, startRepeating } from '../../platform/repeat';
import type { ConfigService } from '../config';
import { type ChunkPacer, othersBusy, othersBusySql } from './pace';
import { earningDays } from './schema';
import type { DailyContext, DailyPage, DailyStep } from './step';

/**
 * The daily earning job (docs/decisions.md, "The daily earning job"). Each step
 * pays a day in chunks of `chunkSize` holdings, each chunk a transaction of its
 * own, so a holder's account is locked for one chunk, not for the whole step
 * (a bet or a purchase waits at most that long). A step-day is complete when
 * its earning_days row exists: the transaction of the last chunk inserts it,
 * so the day runs to the end exactly once whoever runs the job (two
 * processes, a retry after a crash between chunks: the step pays only what
 * the day has not paid yet). Chunks of one step-day never overlap: each
 * starts by locking the step-day's progress row (see `progressOf`). A step
 * that gives its chunk as SQL (`chunkSql`) costs one round trip a chunk
 * (`runChunkSql`); others run through `run` in a transaction (`runChunk`).
 * Days missed while the server was down run on the next pass, oldest first.
 * The day turns at 00:00 in PLATFORM_TIME_ZONE.
 */

/** How far back a first run or a long outage is caught up. */
export const EARNING_CATCH_UP_DAYS = 31;
/** Holdings per chunk unless EARNING_CHUNK_SIZE says otherwise (docs/performance.md, "The daily earning job"). */
export const EARNING_CHUNK_SIZE = 2_000;

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

/**
 * Each chunk's transaction commits without waiting for its WAL to reach the disk (for that
 * transaction only). A crash can then undo the last chunks committed before it (PostgreSQL's
 * asynchronous commit: up to about 3 x wal_writer_delay), whole: their payments, records and
 * progress together, never a part, and the next run pays them again with the same amounts (they
 * come from the holdings' days, and the progress row went with them). Nothing else can keep what
 * such a chunk paid: a later synchronous commit (a player exchanging the income, say) flushes the
 * WAL up to its own commit, which lies after the chunk's. The job committed ~300 times a day and
 * waited for the disk each time: 0.4 s of a 7 s day (docs/performance.md, "The daily earning job").
 */
const ASYNC_COMMIT = sql`set local synchronous_commit = off`;

/** A chunk's end: the next page (and, for a chunk given as SQL, whether others were busy at its end: pace.ts), or the step-day's figures. */
type ChunkOutcome = { done: false; next: number; busy?: boolean } | { done: true; ran: boolean; rows: number; total: bigint };

/** Per chunk, how long it took (benchmarks: how long a holder's account can stay locked). */
export type ChunkObserver = (step: string, ms: number) => void;

/** How the job runs its chunks: holdings per chunk (default EARNING_CHUNK_SIZE), a watcher of their times, and a pause between them (pace.ts). */
export interface RunOptions {
  chunkSize?: number;
  onChunk?: ChunkObserver;
  pace?: ChunkPacer | undefined;
}

/** Runs one step for one day unless it ran already, chunk by chunk until the day is paid. */
export async function runEarningDay(
  db: Database,
  step: DailyStep,
  input: { day: string; timeZone: string; now: Date } & RunOptions,
): Promise<EarningDayResult> {
  const limit = input.chunkSize ?? EARNING_CHUNK_SIZE;
  const context = contextOf(input);
  for (let after = 0; ; ) {
    const started = performance.now();
    const page = { after, limit };
    // A page the step's SQL defers (it needs Node) is paid through `run` instead, in a transaction.
    const outcome =
      (step.chunkSql && (await runChunkSql(db, step, context, page, input.pace !== undefined))) ||
      (await runChunk(db, step, context, page));
    input.onChunk?.(step.name, performance.now() - started);
    if (outcome.done) return { step: step.name, day: input.day, ran: outcome.ran, rows: outcome.rows, total: outcome.total };
    if (input.pace) await input.pace(performance.now() - started, outcome.busy ?? (await othersBusy(db)));
    after = outcome.next;
  }
}

const contextOf = ({ day, timeZone, now }: { day: string; timeZone: string; now: Date }): DailyContext => {
  const { start, end } = localDayBounds(day, timeZone);
  return { day, start, end, timeZone, now };
};

type ChunkSqlRow = {
  open: boolean;
  seen: number | null;
  last: string | number | null;
  defer: boolean | null;
  claim_rows: number | null;
  claim_total: string | null;
  busy: boolean;
};

/**
 * One chunk of a step that gives it as SQL (`chunkSql`), in ONE round trip:
 * two statements sent together (after ASYNC_COMMIT), which commit together (scriptRows). The first
 * locks the progress row (inserting it on the day's first chunk): a runner
 * overlapping this one waits there until this one's chunk commits. The second
 * starts after the lock is granted, so its snapshot holds what any other
 * runner committed before: the claim, if the day was completed meanwhile (then
 * the step's CTEs, which depend on `job_open`, pay nothing and the progress row
 * goes), and the holdings it paid (which the step sees as paid). One statement
 * alone would not do: its snapshot would predate the lock wait, and it would
 * pay again what the other runner had just paid. The second statement pays the
 * page and either adds its figures to the progress row or, when the page came
 * back short, replaces that row with the claim. Undefined when the step's SQL
 * deferred the page (nothing written but the progress row's ran_at). Whether
 * others were busy is read only when the job is `paced` (pace.ts).
 */
async function runChunkSql(
  db: Database,
  step: DailyStep,
  context: DailyContext,
  page: DailyPage,
  paced: boolean,
): Promise<ChunkOutcome | undefined> {
  const { day, timeZone, now } = context;
  const progress = progressOf(step.name);
  const at = now.toISOString();
  const paid = step.chunkSql?.(context, page, sql`exists (select 1 from job_open)`);
  if (!paid) return undefined;
  const [row] = await scriptRows<ChunkSqlRow>(db, [
    ASYNC_COMMIT,
    sql`insert into earning_days (step, day, time_zone, rows, total, ran_at) values (${progress}, ${day}::date, ${timeZone}, 0, 0, ${at}::timestamptz)
        on conflict (step, day) do update set ran_at = excluded.ran_at`,
    sql`with job_progress as (select rows, total from earning_days where step = ${progress} and day = ${day}::date),
      job_open as (select 1 from job_progress where not exists (select 1 from earning_days where step = ${step.name} and day = ${day}::date)),
      ${paid.ctes},
      job_chunk as materialized (${paid.chunk}),
      job_more as (select c.* from job_chunk c where exists (select 1 from job_open) and not c.defer and c.seen >= ${page.limit}),
      job_end as (select c.* from job_chunk c where exists (select 1 from job_open) and not c.defer and c.seen < ${page.limit}),
      job_carried as (update earning_days e set rows = e.rows + m.rows, total = e.total + m.total::bigint from job_more m
                      where e.step = ${progress} and e.day = ${day}::date returning 1),
      job_gone as (delete from earning_days where step = ${progress} and day = ${day}::date
                   and (not exists (select 1 from job_open) or exists (select 1 from job_end)) returning rows, total),
      job_claim as (insert into earning_days (step, day, time_zone, rows, total, ran_at)
                    select ${step.name}, ${day}::date, ${timeZone}, g.rows + c.rows, g.total + c.total::bigint, ${at}::timestamptz
                    from job_gone g cross join job_end c returning rows, total)
      select exists (select 1 from job_open) as open, c.seen::int as seen, c.last::text as last, c.defer,
             (select rows from job_claim) as claim_rows, (select total::text from job_claim) as claim_total,
             ${paced ? othersBusySql : sql`false`} as busy
      from (select 1) one left join job_chunk c on true`,
  ]);
  if (!row?.open) return { done: true, ran: false, rows: 0, total: 0n };
  if (row.defer) return undefined;
  if (row.claim_rows !== null) return { done: true, ran: true, rows: Number(row.claim_rows), total: BigInt(row.claim_total ?? '0') };
  return { done: false, next: Number(row.last), busy: row.busy };
}

/** One chunk in one transaction: the progress row locked, the step's next page paid, the figures carried or the day claimed. */
function runChunk(db: Database, step: DailyStep, context: DailyContext, page: DailyPage): Promise<ChunkOutcome> {
  const { day, timeZone, now } = context;
  const progress = progressOf(step.name);
  const where = (name: string) => sql`${earningDays.step} = ${name} and ${earningDays.day} = ${day}`;
  return db.transaction(async (tx): Promise<ChunkOutcome> => {
    await tx.execute(ASYNC_COMMIT);
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
    const paid = await step.run(tx, context, page);
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
  options: RunOptions = {},
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
      if (due.get(step.name)?.includes(day)) results.push(await runEarningDay(db, step, { ...options, day, timeZone, now }));
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
  options: { everyMs?: number; observe?: RunObserver } & RunOptions = {},
): () => Promise<void> {
  const { everyMs = 60_000, observe, ...run } = options;
  return startRepeating(
    async () => {
      const ran = (await runDailyEarnings(db, clock, config, steps, run)).filter((result) => result.ran);
      if (ran.length > 0) logger.info({ days: ran.map((r) => ({ ...r, total: r.total.toString() })) }, 'daily earnings run');
      return ran.length > 0;
    },
    { everyMs, logger, failure: 'daily earning job failed', observe },
  );
}
