import type { Database } from '../db/client';
import type { Clock } from './clock';
import type { Logger } from './logger';

/** One owner's housekeeping: deletes its expired rows and answers how many it removed. */
export type Cleanup = (db: Database, clock: Clock) => Promise<number>;

/**
 * Housekeeping that is safe to run in every process at once (plain deletes of expired rows).
 * Each module owns the cleanup of its tables; the composition root hands the list (cleanups.ts),
 * named as the log reports them. They run one after the other, in the list's order.
 */
export async function runMaintenance(
  db: Database,
  clock: Clock,
  cleanups: Readonly<Record<string, Cleanup>>,
): Promise<Record<string, number>> {
  const removed: Record<string, number> = {};
  for (const [name, cleanup] of Object.entries(cleanups)) removed[name] = await cleanup(db, clock);
  return removed;
}

/** Runs maintenance now and then every hour; returns the stop function. Only server.ts starts it. */
export function startMaintenance(
  db: Database,
  clock: Clock,
  cleanups: Readonly<Record<string, Cleanup>>,
  logger: Logger,
  everyMs = 3_600_000,
): () => void {
  const run = () =>
    runMaintenance(db, clock, cleanups)
      .then((removed) => logger.info(removed, 'maintenance'))
      .catch((error: unknown) => logger.warn({ err: error }, 'maintenance failed'));
  void run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
