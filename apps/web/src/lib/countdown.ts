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

/**
 * The 60 s countdown of the 'Send code' button. It derives from an end time,
 * not from counting ticks, so a throttled background tab still shows the truth.
 */
export function useCountdown(): { remaining: number; start(seconds?: number, serverResendIn?: number): void } {
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const remaining = secondsLeft(endsAt, now);

  useEffect(() => {
    if (remaining <= 0) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [remaining]);

  const start = useCallback((seconds?: number, serverResendIn?: number) => {
    const current = Date.now();
    setNow(current);
    setEndsAt(countdownEnd(current, seconds, serverResendIn));
  }, []);

  return { remaining, start };
}
