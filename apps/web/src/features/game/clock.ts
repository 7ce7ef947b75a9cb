import type { GameSession } from '@prism/domain';
import { secondsLeft } from '../../lib/countdown';

/**
 * Session timing (specification point 4, docs/api.md, "Game"): the countdowns derive from
 * the server's clock, never from the device's alone. getSession answers with
 * `timestamp` (the server's now); the gap to the device's clock at receipt is
 * the offset, and the server's now is then `Date.now() + offset` at any time.
 */

/** The bet countdown before any session is known (specification point 4). */
export const DEFAULT_BET_COUNTDOWN = 10;

/** Server clock minus device clock, in ms, measured when an answer stamped `serverTimestamp` arrived at `receivedAt`. */
export function clockOffset(serverTimestamp: number, receivedAt: number): number {
  return Number.isFinite(serverTimestamp) ? serverTimestamp - receivedAt : 0;
}

export type SessionTimes = Pick<GameSession, 'betEndTime' | 'sessionEndTime'>;

export interface Countdowns {
  /** Whole seconds left to bet (until betEndTime). */
  bet: number;
  /** Whole seconds left to the draw (until sessionEndTime); stops at 0. */
  draw: number;
  /** Bets are taken until betEndTime. */
  bettingOpen: boolean;
}

/** Both countdowns of a session at device time `localNow`, given the server clock offset. */
export function countdownsOf(session: SessionTimes | undefined, offset: number, localNow: number): Countdowns {
  if (!session) return { bet: DEFAULT_BET_COUNTDOWN, draw: 0, bettingOpen: false };
  const now = localNow + offset;
  return {
    bet: secondsLeft(session.betEndTime, now),
    draw: secondsLeft(session.sessionEndTime, now),
    bettingOpen: now < session.betEndTime,
  };
}

/**
 * How long until either countdown shows another number (so the display ticks
 * once a second, on the second, without drifting); undefined once both are at 0.
 */
export function msUntilNextTick(session: SessionTimes, offset: number, localNow: number): number | undefined {
  const now = localNow + offset;
  const waits = [session.betEndTime - now, session.sessionEndTime - now]
    .filter((left) => left > 0)
    .map((left) => {
      const part = left % 1000;
      return part === 0 ? 1000 : part;
    });
  return waits.length === 0 ? undefined : Math.min(...waits) + 5;
}

/** "01:05": minutes and seconds of a countdown (always Western digits, read left to right). */
export function formatCountdown(seconds: number): string {
  const safe = Math.max(0, Math.floor(seconds));
  const minutes = Math.floor(safe / 60);
  return `${String(minutes).padStart(2, '0')}:${String(safe % 60).padStart(2, '0')}`;
}
