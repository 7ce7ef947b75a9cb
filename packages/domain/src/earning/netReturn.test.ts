import { describe, expect, it } from 'vitest';
import { advisorNetReturn, depositNetReturn, losesMoney, negativeReturnWarnings, netReturn, powerNetReturn } from './netReturn';

describe('net return', () => {
  it('is gains less fees, as basis points of the principal', () => {
    expect(netReturn(100_00n, 12_00n, 2_00n)).toEqual({ amount: 10_00n, rateBp: 1000 });
    expect(netReturn(0n, 0n, 0n)).toEqual({ amount: 0n, rateBp: 0 });
  });

  it('follow-invest: 0.80 % a day for 7 days less the 10 % fee loses 4.40 % (the product that showed 5.60 %)', () => {
    const net = advisorNetReturn(100_00n, { dailyRateBp: 80, days: 7, giftRateBp: 0 });
    expect(net).toEqual({ amount: -4_40n, rateBp: -440 });
    expect(losesMoney(net)).toBe(true);
  });

  it('follow-invest counts the gift and a copied fee rate', () => {
    const net = advisorNetReturn(1000_00n, { dailyRateBp: 120, days: 30, giftRateBp: 100 });
    // 36.00 % earnings + 1.00 % gift - 10.00 % fee
    expect(net).toEqual({ amount: 270_00n, rateBp: 2700 });
    expect(advisorNetReturn(100_00n, { dailyRateBp: 80, days: 7, giftRateBp: 0 }, 0).rateBp).toBe(560);
    expect(losesMoney(net)).toBe(false);
  });

  it('fixed deposit: the term interest, no fee', () => {
    expect(depositNetReturn(365_00n, { annualRateBp: 1000, days: 30 })).toEqual({ amount: 3_00n, rateBp: 82 });
  });

  it('power: term income less term fees over the price', () => {
    const net = powerNetReturn(100_00n, { power: 100_00n, dailyRateBps: 100, feeBps: 150, termDays: 10 });
    expect(net).toEqual({ amount: -5_00n, rateBp: -500 });
  });

  it('truncates the rate toward zero', () => {
    expect(netReturn(300n, -1n, 0n).rateBp).toBe(-33);
    expect(netReturn(300n, 1n, 0n).rateBp).toBe(33);
  });
});

describe('the operator warning', () => {
  it('names a product whose net return is negative, and only such a product', () => {
    const product = { product: 'advisor' as const, id: 3, name: 'Alice Chen' };
    expect(negativeReturnWarnings(product, { amount: -4_40n, rateBp: -440 })).toEqual([
      { kind: 'negativeNetReturn', product: 'advisor', id: 3, name: 'Alice Chen', netReturnBp: -440 },
    ]);
    expect(negativeReturnWarnings(product, { amount: 0n, rateBp: 0 })).toEqual([]);
  });
});
