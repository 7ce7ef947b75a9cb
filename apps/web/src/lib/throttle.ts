import { CLICK_THROTTLE_MS } from '@prism/domain';
import { useMemo, useRef } from 'react';

/**
 * A gate that lets one call through per `ms` (specification point 9: button
 * click throttle 1000 ms), so a double tap never submits twice.
 */
export function createThrottle(ms: number = CLICK_THROTTLE_MS, now: () => number = Date.now): () => boolean {
  let last = Number.NEGATIVE_INFINITY;
  return () => {
    const current = now();
    if (current - last < ms) return false;
    last = current;
    return true;
  };
}

/** Wraps a handler so that it runs at most once per second. */
export function useThrottled<A extends unknown[]>(handler: (...args: A) => void, ms: number = CLICK_THROTTLE_MS): (...args: A) => void {
  const latest = useRef(handler);
  latest.current = handler;
  return useMemo(() => {
    const pass = createThrottle(ms);
    return (...args: A) => {
      if (pass()) latest.current(...args);
    };
  }, [ms]);
}
