import { lt } from 'drizzle-orm';
import type { Database } from '../db/client';
import { pruneThrottles } from '../modules/auth/throttle';
import { idempotencyKeys } from '../modules/idempotency/schema';
import { verificationCodes } from '../modules/sms/schema';
import type { Clock } from './clock';
import type { Logger } from './logger';

/** Idempotency keys live at least 24 h (DESIGN 2); we keep them 48 h. */
export const IDEMPOTENCY_KEY_TTL_MS = 48 * 3_600_000;
const CODE_TTL_MS = 24 * 3_600_000;

/**
 * Housekeeping that is safe to run in every process at once (plain deletes of
 * expired rows): expired idempotency keys, old one-time codes, forgotten password throttles.
 */
export async function runMaintenance(db: Database, clock: Clock): Promise<{ keys: number; codes: number; throttles: number }> {
  const now = clock.now().getTime();
  const keys = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now - IDEMPOTENCY_KEY_TTL_MS)))
    .returning({ key: idempotencyKeys.key });
  const codes = await db
    .delete(verificationCodes)
    .where(lt(verificationCodes.createdAt, new Date(now - CODE_TTL_MS)))
    .returning({ id: verificationCodes.id });
  return { keys: keys.length, codes: codes.length, throttles: await pruneThrottles(db, clock) };
}

/** Runs maintenance now and then every hour; returns the stop function. Only server.ts starts it. */
export function startMaintenance(db: Database, clock: Clock, logger: Logger, everyMs = 3_600_000): () => void {
  const run = () =>
    runMaintenance(db, clock)
      .then((removed) => logger.info(removed, 'maintenance'))
      .catch((error: unknown) => logger.warn({ err: error }, 'maintenance failed'));
  void run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
