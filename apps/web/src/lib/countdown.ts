import { CODE_RESEND_SECONDS } from '@prism/domain';
import { useCallback, useEffect, useState } from 'react';

/** Whole seconds left until `endsAt` (ms), never below 0; rounds up so "1" shows until the very end. */
export function secondsLeft(endsAt: number | null, now: number): number {
  if (endsAt === null) return 0;
  return Math.max(0, Math.ceil((endsAt - now) / 1000));
}

/** When a countdown of `seconds` started at `now` ends; the server's resendIn wins when it is longer. */
export function countdownEnd(now: number, seconds: number = CODE_RESEND_SECONDS, serverResendIn?: number): number {
  const wait = Math.max(seconds, serverResendIn && Number.isFinite(serverResendIn) ? serverResendIn : 0);
  return now + wait * 1000;
}

/** The part of sessionStorage the cooldown store uses (tests pass a map). */
export interface CooldownStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

const STORAGE_KEY = 'prism.codeCooldowns';

/** The stored ends, keeping only finite numbers; empty when storage is unreadable or refused. */
function readEnds(storage: () => CooldownStorage | undefined): Record<string, number> {
  const ends: Record<string, number> = {};
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(STORAGE_KEY) ?? '{}');
    if (!parsed || typeof parsed !== 'object') return ends;
    for (const [key, value] of Object.entries(parsed)) if (typeof value === 'number' && Number.isFinite(value)) ends[key] = value;
  } catch {
    // Unreadable or refused storage: start empty, keep working in memory.
  }
  return ends;
}

/**
 * When each 'Send code' cooldown ends, by purpose and target ("register:91:9876543210"): kept
 * outside the button, so a user who leaves the page and comes back (or reloads the tab) sees the
 * seconds still to wait instead of an active button that the server refuses. Ended ones are dropped.
 */
export function createCooldownStore(storage: () => CooldownStorage | undefined) {
  let ends: Record<string, number> | undefined;
  const load = (): Record<string, number> => {
    if (ends) return ends;
    ends = readEnds(storage);
    return ends;
  };
  return {
    /** The end (ms) of the key's cooldown, or null when none is running at `now`. */
    endOf(key: string, now: number): number | null {
      const end = load()[key];
      return end !== undefined && end > now ? end : null;
    },
    set(key: string, endsAt: number, now: number): void {
      const all = load();
      for (const [other, end] of Object.entries(all)) if (end <= now) delete all[other];
      all[key] = endsAt;
      try {
        storage()?.setItem(STORAGE_KEY, JSON.stringify(all));
      } catch {
        // Storage refused: the memory copy still serves this page load.
      }
    },
  };
}

export const codeCooldowns = createCooldownStore(() => {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
});

/**
 * The countdown of a 'Send code' button, for one purpose and target (`key`). It derives from the
 * stored end time, not from counting ticks, so a throttled background tab, a page left and opened
 * again, or a reload still shows the truth.
 */
export function useCodeCooldown(key: string): { remaining: number; start(seconds: number): void } {
  const [now, setNow] = useState(() => Date.now());
  const remaining = secondsLeft(codeCooldowns.endOf(key, now), now);

  // Another key (a different phone typed) reads its own end at once.
  useEffect(() => setNow(Date.now()), [key]);
  useEffect(() => {
    if (remaining <= 0) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [remaining]);

  const start = useCallback(
    (seconds: number) => {
      const current = Date.now();
      codeCooldowns.set(key, current + seconds * 1000, current);
      setNow(current);
    },
    [key],
  );

  return { remaining, start };
}
