import { CLICK_THROTTLE_MS } from '@prism/domain';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

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

/**
 * Extra time the visible window stays open past the gate's: the form's window opens a moment
 * before the handler's gate does (the same tap), so it must not reopen the button first.
 */
const SHOW_MARGIN_MS = 50;

/**
 * The click throttle made visible: `tap()` at each submit opens a window of `ms` (as the handler's
 * useThrottled gate does for the same tap), and `cooling` is true through it, so the submit button
 * shows busy instead of silently dropping a second tap; a tap inside the window does not extend it.
 */
export function useTapCooldown(ms: number = CLICK_THROTTLE_MS): { cooling: boolean; tap(): void } {
  const [cooling, setCooling] = useState(false);
  const pass = useMemo(() => createThrottle(ms), [ms]);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const tap = useCallback(() => {
    if (!pass()) return;
    setCooling(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCooling(false), ms + SHOW_MARGIN_MS);
  }, [pass, ms]);
  return { cooling, tap };
}
