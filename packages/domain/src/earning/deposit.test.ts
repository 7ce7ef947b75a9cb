import { describe, expect, it } from 'vitest';
import { depositDailyInterest, depositQuote, transferOut } from './deposit';

describe('fixed deposit formulas', () => {
  it('daily interest is principal x annual rate / 365, floored', () => {
    expect(depositDailyInterest(365_00n, 1000)).toBe(10n); // 365.00 at 10% a year = 0.10 a day
    expect(depositDailyInterest(1000_00n, 500)).toBe(13n); // 13.69.. minor units -> 13
    expect(depositDailyInterest(100n, 500)).toBe(0n); // too small to earn a minor unit
    expect(depositDailyInterest(0n, 500)).toBe(0n);
    expect(depositDailyInterest(10n ** 15n, 1200)).toBe((10n ** 15n * 1200n) / 3_650_000n);
  });

  it('the quote: daily interest and the term total', () => {
    expect(depositQuote(3650_00n, { annualRateBp: 600, days: 30 })).toEqual({ dailyInterest: 60n, expectedInterest: 18_00n });
  });

  it('transfer-out: partial and whole allowed, zero/negative/over the principal refused', () => {
    expect(transferOut(100_00n, 40_00n)).toEqual({ ok: true, remaining: 60_00n });
    expect(transferOut(100_00n, 100_00n)).toEqual({ ok: true, remaining: 0n });
    expect(transferOut(100_00n, 100_01n)).toEqual({ ok: false, reason: 'over_principal' });
    expect(transferOut(100_00n, 0n)).toEqual({ ok: false, reason: 'not_positive' });
    expect(transferOut(100_00n, -1n)).toEqual({ ok: false, reason: 'not_positive' });
  });

  it('after a partial transfer-out the remaining part earns, the transferred part does not', () => {
    const before = depositDailyInterest(1000_00n, 730); // 0.20 a day
    const check = transferOut(1000_00n, 250_00n);
    if (!check.ok) throw new Error('refused');
    expect(before).toBe(20n);
    expect(depositDailyInterest(check.remaining, 730)).toBe(15n);
  });
});
