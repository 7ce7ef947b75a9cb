/** The idempotency module's public door: other modules and the composition root import only this file. */

export type { IdempotencyScope, IdempotentSteps } from './run';
export { idempotencyKeyOf, runIdempotent, runRecorded, runSelfIdempotent } from './run';
export type { KeyRecord } from './store';
export { KeyTaken, pruneIdempotencyKeys } from './store';
