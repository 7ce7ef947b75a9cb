import { useEffect, useState } from 'react';
import type { TimedSession } from './api/session';
import { type Countdowns, countdownsOf, msUntilNextTick } from './clock';

/**
 * The session's countdowns, re-rendered exactly when a number changes (once a
 * second, on the second of the server clock). They derive from end times, so a
 * throttled background tab shows the truth as soon as it ticks again.
 */
export function useSessionClock(session: TimedSession | undefined): Countdowns {
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (!session) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      const wait = msUntilNextTick(session, session.clockOffset, Date.now());
      if (wait === undefined) return;
      timer = setTimeout(() => {
        setNow(Date.now());
        schedule();
      }, wait);
    };
    setNow(Date.now());
    schedule();
    return () => clearTimeout(timer);
  }, [session]);

  return countdownsOf(session, session?.clockOffset ?? 0, now);
}
