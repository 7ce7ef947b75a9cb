import type { Executor } from '../../db/client';

/**
 * One piece of the daily earning job, owned by its feature module (power
 * income and fee, advisor earnings and maturities, deposit interest). `run`
 * gets the transaction that also claims the day: whatever it writes commits
 * together with the claim, or not at all.
 */
export interface DailyStep {
  /** Stable name, the claim's key: never rename a step that has run. */
  name: string;
  run(tx: Executor, day: DailyContext): Promise<DailyStepResult>;
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

export interface DailyStepResult {
  /** Holdings touched. */
  rows: number;
  /** Sum of the amounts moved (a bookkeeping figure). */
  total: bigint;
}
