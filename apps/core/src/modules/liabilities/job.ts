import type { Logger } from '../../platform/logger';
import { type RunObserver, startRepeating } from '../../platform/repeat';
import type { LiabilitiesService } from './service';

/** How often the job looks whether the day's snapshot is taken (a new day's is taken within this). */
export const LIABILITIES_CHECK_MS = 15 * 60_000;

/**
 * The daily snapshot of what the platform owes (docs/liabilities.md): at start and then every
 * LIABILITIES_CHECK_MS, the platform day's snapshot is taken unless it exists, so a day missed
 * while the server was down gets its snapshot at the first turn after. Once across processes: the
 * leader runs it (server.ts), and the day's row is unique (a second runner's insert does nothing).
 */
export function startLiabilitiesJob(
  liabilities: LiabilitiesService,
  timeZone: () => Promise<string>,
  logger: Logger,
  everyMs = LIABILITIES_CHECK_MS,
  observe?: RunObserver,
): () => Promise<void> {
  return startRepeating(
    async () => {
      const taken = await liabilities.takeDaily(await timeZone());
      if (taken)
        logger.info({ snapshot: taken.id, players: taken.players, ok: taken.ledgerCheck.ok, ...taken.timings }, 'liabilities snapshot');
      return Boolean(taken);
    },
    { everyMs, logger, failure: 'liabilities snapshot failed', observe },
  );
}
