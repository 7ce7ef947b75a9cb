import { pruneIdempotencyKeys } from './modules/idempotency';
import { pruneVerificationCodes } from './modules/sms';
import { pruneThrottles } from './modules/throttle';
import type { Cleanup } from './platform/maintenance';

/**
 * The hourly maintenance's cleanups (platform/maintenance.ts), in the order they run, by the name
 * the log reports. Each module owns the cleanup of its tables; this list lives in the composition
 * root so that platform/ (the ground) knows no module.
 */
export const CLEANUPS: Readonly<Record<string, Cleanup>> = {
  /** Idempotency keys past their 48 h. */
  keys: pruneIdempotencyKeys,
  /** One-time codes a day old. */
  codes: pruneVerificationCodes,
  /** Password throttles nobody has touched for long. */
  throttles: pruneThrottles,
};
