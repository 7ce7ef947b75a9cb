import { AppError } from '@prism/domain';
import type { Clock } from '../../platform/clock';

/** One export per player per minute: an export reads the whole history, so it is not a thing to loop on. */
export const EXPORT_INTERVAL_MS = 60_000;
const GATE_MAX = 100_000;

/**
 * Remembers when each player last started an export, in this process (like the other per-IP and
 * per-user rate limits: with several processes a player could start one per process per minute,
 * which still bounds the work). Refuses an earlier one with the wait.
 */
export function createExportGate(clock: Clock) {
  const started = new Map<number, number>();
  return (userId: number): void => {
    const now = clock.now().getTime();
    const last = started.get(userId);
    if (last !== undefined && now - last < EXPORT_INTERVAL_MS && now >= last) {
      throw AppError.wait('MY_DATA_EXPORT_WAIT', (last + EXPORT_INTERVAL_MS - now) / 1000);
    }
    if (started.size >= GATE_MAX) started.clear();
    started.set(userId, now);
  };
}
