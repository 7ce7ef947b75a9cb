import { describe, expect, it } from 'vitest';
import {
  ADVISOR_MANAGEMENT_FEE_BP,
  advisorDailyEarning,
  advisorManagementFee,
  advisorMaturityAmount,
  advisorQuote,
  formatBasisPoints,
} from './advisor';

describe('advisor formulas', () => {
  it('daily earning is principal x rate, floored to the minor unit', () => {
    expect(advisorDailyEarning(100_00n, 80)).toBe(80n); // 100.00 at 0.80% = 0.80
    expect(advisorDailyEarning(123_45n, 80)).toBe(98n); // 98.76 -> 0.98
    expect(advisorDailyEarning(1n, 80)).toBe(0n); // below a minor unit earns nothing
    expect(advisorDailyEarning(0n, 80)).toBe(0n);
    expect(advisorDailyEarning(-5n, 80)).toBe(0n);
  });

  it('the management fee is 10% of principal, floored; maturity pays the rest, nothing lost', () => {
    expect(ADVISOR_MANAGEMENT_FEE_BP).toBe(1000);
    expect(advisorManagementFee(100_00n)).toBe(10_00n);
    expect(advisorMaturityAmount(100_00n)).toBe(90_00n);
    expect(advisorManagementFee(9n)).toBe(0n); // 0.09 -> fee 0.009 floors to 0
    expect(advisorMaturityAmount(9n)).toBe(9n);
    expect(advisorManagementFee(1234_57n)).toBe(123_45n);
    expect(advisorManagementFee(100_00n, 500)).toBe(5_00n); // the rate an order was placed with
    for (const p of [1n, 99n, 1234_57n, 10n ** 15n]) expect(advisorManagementFee(p) + advisorMaturityAmount(p)).toBe(p);
  });

  it('the quote shows daily earning, total return and rate, gift, fee and maturity amount', () => {
    expect(advisorQuote(500_00n, { dailyRateBp: 120, days: 30, giftRateBp: 100 })).toEqual({
      dailyEarning: 6_00n,
      totalReturn: 180_00n,
      totalReturnRateBp: 3600,
      giftAmount: 5_00n,
      managementFee: 50_00n,
      maturityAmount: 450_00n,
    });
    expect(advisorQuote(0n, { dailyRateBp: 120, days: 30, giftRateBp: 100 }).giftAmount).toBe(0n);
  });

  it('formats basis points as a percent', () => {
    expect(formatBasisPoints(80)).toBe('0.80%');
    expect(formatBasisPoints(2400)).toBe('24.00%');
    expect(formatBasisPoints(5)).toBe('0.05%');
    expect(formatBasisPoints(0)).toBe('0.00%');
  });
});
