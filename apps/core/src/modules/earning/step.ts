import type { SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/**
 * One piece of the daily earning job, owned by its feature module (power
 * income and fee, advisor earnings and maturities, deposit interest). The job
 * calls `run` chunk by chunk, each chunk in a transaction of its own: a call
 * pays at most `page.limit` holdings, those with ids above `page.after` that
 * the day has not paid yet (the step knows from its own records, e.g. a
 * power_incomes row or the ledger key per holding and day), so a chunk that
 * committed is never paid again, by this runner or another, after a crash or
 * not. Whatever a call writes commits together, or not at all.
 */
export interface DailyStep {
  /** Stable name, the claim's key: never rename a step that has run. */
  name: string;
  run(tx: Executor, day: DailyContext, page: DailyPage): Promise<DailyChunk>;
  /**
   * The same chunk as SQL, when the step can give it so: the job then pays the
   * chunk and keeps its books in one round trip (job.ts, `runChunkSql`), and
   * `run` serves only the pages the SQL defers. The CTEs must pay nothing unless
   * `open` (a boolean SQL expression: the step-day is unclaimed and its progress
   * row locked) holds, and must take it through a data dependency (e.g. in the
   * page's WHERE): PostgreSQL runs CTEs in no promised order otherwise.
   */
  chunkSql?(day: DailyContext, page: DailyPage, open: SQL): DailyChunkSql;
}

/**
 * A chunk as SQL: `ctes` (comma-separated `name as (...)`, no `with`, names not
 * starting with `job_`) and `chunk`, a SELECT over them giving one row: `seen`
 * (holdings the page looked at), `last` (its highest id, null for none), `rows`
 * and `total` (as in DailyStepResult; total as text or a number), and `defer`:
 * true when the CTEs paid nothing because this page needs `run` (the job then
 * pays the same page through `run`, in a transaction).
 */
export interface DailyChunkSql {
  ctes: SQL;
  chunk: SQL;
}

export interface DailyContext {
  /** The platform day being paid (YYYY-MM-DD in `timeZone`); it has ended. */
  day: string;
  /** Its midnights: [start, end). */
  start: Date;
  end: Date;
  timeZone: string;
  /** When the job runs (for created_at of what the step writes). */
  now: Date;
}

/** Which holdings a call may take: ids above `after` (0 at first), at most `limit` of them, in id order. */
export interface DailyPage {
  after: number;
  limit: number;
}

export interface DailyStepResult {
  /** Holdings touched. */
  rows: number;
  /** Sum of the amounts moved (a bookkeeping figure). */
  total: bigint;
}

export interface DailyChunk extends DailyStepResult {
  /** The last id this call looked at, to go on after; null when the day has nothing more to pay. */
  next: number | null;
}

/** The chunk's continuation: its highest id when the page came back full, otherwise null (nothing left). */
export function nextAfter(ids: readonly (number | string)[], page: DailyPage): number | null {
  return ids.length < page.limit ? null : ids.reduce<number>((last, id) => Math.max(last, Number(id)), page.after);
}

/** A chunk's result from what it took: each holding's id and the amount it moved (0 for none). */
export function chunkOf(moved: readonly { id: number | string; amount: bigint }[], page: DailyPage): DailyChunk {
  return {
    rows: moved.length,
    total: moved.reduce((sum, m) => sum + m.amount, 0n),
    next: nextAfter(
      moved.map((m) => m.id),
      page,
    ),
  };
}
