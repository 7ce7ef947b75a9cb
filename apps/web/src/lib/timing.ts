import { PAGE_LOAD_DELAY_MS, PAGE_LOAD_TIMEOUT_MS } from '@prism/domain';
import { useEffect, useState } from 'react';

/** Thrown when a page takes longer than the load time-out; it has no message, so the page shows 'net error'. */
export class LoadTimeoutError extends Error {
  override name = 'LoadTimeoutError';
  constructor() {
    super('');
  }
}

/** Settles like `promise`, or rejects with LoadTimeoutError after `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number = PAGE_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new LoadTimeoutError()), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * True once `active` has stayed true for `delayMs`: quick loads never flash a
 * spinner (specification point 2: load delay 200 ms).
 */
export function useDelayedFlag(active: boolean, delayMs: number = PAGE_LOAD_DELAY_MS): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => scheduleDelayed(active, delayMs, setShown), [active, delayMs]);
  return active && shown;
}

/** The timer behind useDelayedFlag: reports true `delayMs` after activation, false at once on deactivation. Returns the cleanup. */
export function scheduleDelayed(active: boolean, delayMs: number, report: (shown: boolean) => void): () => void {
  if (!active) {
    report(false);
    return () => {};
  }
  const timer = setTimeout(() => report(true), delayMs);
  return () => clearTimeout(timer);
}
