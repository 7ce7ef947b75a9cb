import { describe, expect, it } from 'vitest';
import {
  daysLeft,
  earnsOn,
  formatBps,
  hierarchicalPower,
  personalPower,
  powerDailyFee,
  powerDailyIncome,
  powerRecordDirection,
  powerTerm,
  powerTermFee,
  powerTermIncome,
  withinDailyLimit,
} from './power';

describe('power income', () => {
  it('is power x rate, truncated to the minor unit', () => {
    expect(powerDailyIncome(10_000n, 120)).toBe(120n); // 100.00 at 1.20% = 1.20
    expect(powerDailyIncome(12_345n, 125)).toBe(154n); // 154.3125 -> 154
    expect(powerDailyIncome(99n, 100)).toBe(0n); // 0.99 at 1% = 0.0099 -> 0
    expect(powerDailyIncome(0n, 500)).toBe(0n);
    expect(powerDailyIncome(10_000n, 0)).toBe(0n);
  });
  it('refuses negative values or rates', () => {
    expect(() => powerDailyIncome(-1n, 100)).toThrow(RangeError);
    expect(() => powerDailyIncome(1n, -1)).toThrow(RangeError);
  });
  it('sums over the term from the truncated daily figure', () => {
    expect(powerTermIncome(12_345n, 125, 30)).toBe(154n * 30n);
  });
});

describe('power management fee', () => {
  it('is power x fee rate, truncated', () => {
    expect(powerDailyFee(10_000n, 10, 1_000_000n)).toBe(10n);
    expect(powerDailyFee(19_999n, 10, 1_000_000n)).toBe(19n);
  });
  it('never exceeds the balance, and is nothing on an empty or negative balance', () => {
    expect(powerDailyFee(10_000n, 10, 7n)).toBe(7n);
    expect(powerDailyFee(10_000n, 10, 10n)).toBe(10n);
    expect(powerDailyFee(10_000n, 10, 0n)).toBe(0n);
    expect(powerDailyFee(10_000n, 10, -5n)).toBe(0n);
  });
  it('sums over the term', () => {
    expect(powerTermFee(19_999n, 10, 7)).toBe(133n);
  });
});

describe('power term', () => {
  it('starts on the day bought and lasts termDays days', () => {
    expect(powerTerm('2026-10-30', 3)).toEqual({ startDay: '2026-10-30', endDay: '2026-11-01' });
    expect(powerTerm('2026-10-30', 1)).toEqual({ startDay: '2026-10-30', endDay: '2026-10-30' });
  });
  it('refuses a term under one day', () => {
    expect(() => powerTerm('2026-10-30', 0)).toThrow(RangeError);
    expect(() => powerTerm('2026-10-30', 1.5)).toThrow(RangeError);
  });
  it('earns on each day of the term, inclusive, and on no other', () => {
    const term = powerTerm('2026-10-30', 3);
    expect(earnsOn(term, '2026-10-29')).toBe(false);
    expect(earnsOn(term, '2026-10-30')).toBe(true);
    expect(earnsOn(term, '2026-11-01')).toBe(true);
    expect(earnsOn(term, '2026-11-02')).toBe(false);
  });
  it('counts the days left, never below zero', () => {
    expect(daysLeft({ endDay: '2026-11-01' }, '2026-10-30')).toBe(2);
    expect(daysLeft({ endDay: '2026-11-01' }, '2026-11-05')).toBe(0);
  });
});

describe('daily purchase limit', () => {
  it('allows purchases up to the limit and refuses the one past it', () => {
    expect(withinDailyLimit(0, 3)).toBe(true);
    expect(withinDailyLimit(2, 3)).toBe(true); // the third
    expect(withinDailyLimit(3, 3)).toBe(false); // the fourth
    expect(withinDailyLimit(0, 1)).toBe(true);
    expect(withinDailyLimit(1, 1)).toBe(false);
    expect(withinDailyLimit(0, 0)).toBe(false);
  });
});

describe('hierarchical and personal power', () => {
  it('is a share of the team basic power per level, truncated per level', () => {
    expect(hierarchicalPower([10_000n, 10_000n, 10_000n])).toBe(1_000n + 500n + 200n);
    expect(hierarchicalPower([9n, 19n, 49n])).toBe(0n);
    expect(hierarchicalPower([])).toBe(0n);
    expect(hierarchicalPower([10_000n, 10_000n, 10_000n, 10_000n])).toBe(1_700n); // no fourth level
  });
  it('the personal total adds the three kinds', () => {
    expect(personalPower({ basic: 100n, gift: 20n, hierarchical: 3n })).toBe(123n);
  });
  it('formats rates as percentages with two decimals', () => {
    expect(formatBps(120)).toBe('1.20%');
    expect(formatBps(5)).toBe('0.05%');
    expect(formatBps(10_000)).toBe('100.00%');
  });
});

describe('power record direction', () => {
  it('a gift given is money out for the giver, a gift received money in', () => {
    expect(powerRecordDirection('gift_out')).toBe('out');
    expect(powerRecordDirection('gift_in')).toBe('in');
    expect(powerRecordDirection('buy')).toBe('in');
    expect(powerRecordDirection('maturity')).toBe('out');
  });
});
