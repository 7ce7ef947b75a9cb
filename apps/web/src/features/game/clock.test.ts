import { describe, expect, it } from 'vitest';
import { clockOffset, countdownsOf, DEFAULT_BET_COUNTDOWN, formatCountdown, msUntilNextTick } from './clock';

// A 60 s session from 12:00:00 to 12:01:00 server time, betting closed for its last 5 s.
const start = Date.UTC(2026, 10, 23, 12, 0, 0);
const session = { betEndTime: start + 55_000, sessionEndTime: start + 60_000 };

describe('session countdowns from the server clock', () => {
  it('measures the offset between the server clock and the device at receipt', () => {
    expect(clockOffset(1_000_500, 1_000_000)).toBe(500);
    expect(clockOffset(999_000, 1_000_000)).toBe(-1_000);
    expect(clockOffset(Number.NaN, 1_000_000)).toBe(0);
  });

  it('counts from the server clock, not the device clock', () => {
    // The device runs 30 s behind the server: at device time start + 10 s it is start + 40 s on the server.
    const offset = clockOffset(start + 40_000, start + 10_000);
    expect(countdownsOf(session, offset, start + 10_000)).toEqual({ bet: 15, draw: 20, bettingOpen: true });
    // Trusting the device clock alone would have said 45 s and 50 s.
    expect(countdownsOf(session, 0, start + 10_000)).toEqual({ bet: 45, draw: 50, bettingOpen: true });
  });

  it('ticks once a second, rounding up so the last second shows as 1', () => {
    expect(countdownsOf(session, 0, start + 54_001).bet).toBe(1);
    expect(countdownsOf(session, 0, start + 53_999).bet).toBe(2);
  });

  it('closes betting at betEndTime while the draw countdown goes on', () => {
    expect(countdownsOf(session, 0, start + 55_000)).toEqual({ bet: 0, draw: 5, bettingOpen: false });
    expect(countdownsOf(session, 0, start + 57_500)).toEqual({ bet: 0, draw: 3, bettingOpen: false });
  });

  it('stops the session-end countdown at 0', () => {
    expect(countdownsOf(session, 0, start + 60_000).draw).toBe(0);
    expect(countdownsOf(session, 0, start + 90_000)).toEqual({ bet: 0, draw: 0, bettingOpen: false });
  });

  it('shows the default bet countdown of 10 before a session is known', () => {
    expect(countdownsOf(undefined, 0, start)).toEqual({ bet: DEFAULT_BET_COUNTDOWN, draw: 0, bettingOpen: false });
    expect(DEFAULT_BET_COUNTDOWN).toBe(10);
  });

  it('waits exactly until the next displayed change', () => {
    // 44.7 s left to bet: the number changes in 700 ms (then 5 ms of margin).
    expect(msUntilNextTick(session, 0, start + 10_300)).toBe(705);
    // On a whole second the next change is a second away.
    expect(msUntilNextTick(session, 0, start + 10_000)).toBe(1_005);
    // After betting closed only the draw countdown remains; after the end nothing ticks.
    expect(msUntilNextTick(session, 0, start + 58_250)).toBe(755);
    expect(msUntilNextTick(session, 0, start + 60_000)).toBeUndefined();
    // The offset applies here too.
    expect(msUntilNextTick(session, 300, start + 10_000)).toBe(705);
  });

  it('formats minutes and seconds', () => {
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(7)).toBe('00:07');
    expect(formatCountdown(65)).toBe('01:05');
    expect(formatCountdown(300)).toBe('05:00');
    expect(formatCountdown(-3)).toBe('00:00');
  });
});
