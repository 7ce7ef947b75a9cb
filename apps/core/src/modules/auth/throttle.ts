import type { ThrottlePolicy } from '../throttle';

/** Login per account and client address: 5 free, then 30 s, 1, 2, 4, 8 min, and at most 15 min between guesses. */
export const LOGIN_THROTTLE: ThrottlePolicy = { freeFailures: 5, baseDelayMs: 30_000, maxDelayMs: 15 * 60_000 };

/**
 * Login per account from every address together: roomier, so one stranger cannot
 * spend it (their own address waits long before), but it caps a guesser that
 * spreads over many addresses: 30 free, then 5 min doubling to an hour.
 */
export const LOGIN_ACCOUNT_THROTTLE: ThrottlePolicy = { freeFailures: 30, baseDelayMs: 5 * 60_000, maxDelayMs: 60 * 60_000 };
