import type { Database } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { Logger } from '../../platform/logger';
import { catchUp } from './aggregates';

/**
 * Folds new ledger transfers into the dashboard's daily aggregates now and then every `everyMs`.
 * Each turn catches up in bounded batches (after downtime too: the watermark says where it was).
 * Safe in several processes at once (the watermark row is locked per batch); server.ts runs it on
 * the leader. Returns the stop function.
 */
export function startDashboardJob(db: Database, clock: Clock, logger: Logger, everyMs = 60_000): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const run = () => {
    if (stopped) return;
    running = catchUp(db, clock)
      .then((folded) => {
        if (folded > 0) logger.info({ folded }, 'dashboard aggregates');
      })
      .catch((error: unknown) => logger.warn({ err: error }, 'dashboard aggregates failed'));
  };
  run();
  const timer = setInterval(() => void running.then(run), everyMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
