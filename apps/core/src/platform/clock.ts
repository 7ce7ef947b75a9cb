/** The time source. Services never call Date.now() themselves, so tests can move time. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** Waits `ms` of real time: the default of every job that paces itself (each takes its own `sleep` in tests). */
export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** A clock that only moves when told to: for tests. */
export class ManualClock implements Clock {
  private current: number;
  constructor(start: Date | string = '2026-11-22T10:00:00Z') {
    this.current = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current += ms;
  }
  set(at: Date | string): void {
    this.current = new Date(at).getTime();
  }
}

/**
 * A clock that reads `start` at the real moment `startedAt` (epoch ms) and runs
 * `rate` times faster. Every process given the same three values agrees on the
 * time, across restarts: the crash simulation runs game rooms ten times faster
 * and keeps inside the withdrawal hours. Refused in production (config.ts).
 */
export function scaledClock(start: Date, startedAt: number, rate: number): Clock {
  return { now: () => new Date(start.getTime() + (Date.now() - startedAt) * rate) };
}
