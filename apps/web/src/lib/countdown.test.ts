import { describe, expect, it } from 'vitest';
import { countdownEnd, secondsLeft } from './countdown';

describe('code countdown', () => {
  it('counts 60 s by default', () => {
    const end = countdownEnd(1_000);
    expect(end).toBe(61_000);
    expect(secondsLeft(end, 1_000)).toBe(60);
    expect(secondsLeft(end, 1_001)).toBe(60);
    expect(secondsLeft(end, 2_000)).toBe(59);
    expect(secondsLeft(end, 60_999)).toBe(1);
    expect(secondsLeft(end, 61_000)).toBe(0);
    expect(secondsLeft(end, 99_000)).toBe(0);
  });

  it('is idle before a code was sent', () => {
    expect(secondsLeft(null, 5)).toBe(0);
  });

  it("waits longer when the server's resend time is longer", () => {
    expect(countdownEnd(0, 60, 90)).toBe(90_000);
    expect(countdownEnd(0, 60, 30)).toBe(60_000);
    expect(countdownEnd(0, 60, Number.NaN)).toBe(60_000);
  });
});
