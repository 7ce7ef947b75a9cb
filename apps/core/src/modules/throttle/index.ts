/** The throttle module's public door: other modules and the composition root import only this file. */

export type { Budget, ThrottlePolicy, Verdict } from './throttle';
export { clearAttempts, pruneThrottles, remember, remembered, rememberedKeysLike, throttledCheck } from './throttle';
