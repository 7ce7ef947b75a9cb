/** The idempotency module's public door: other modules and the composition root import only this file. */

export type { KeyRecord } from './store';
export { KeyTaken } from './store';
