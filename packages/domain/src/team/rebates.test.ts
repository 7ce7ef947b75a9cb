import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REBATE_RATES,
  localDayBounds,
  parseLevelAmounts,
  parseLevelBps,
  type RebateRates,
  rebateFor,
  rebatesOf,
  rechargeCycleProfitBps,
  retainedRecharge,
} from './rebates';

// A fixed tree: 1 invited 2; 2 invited 3 and 6; 3 invited 4; 4 invited 5.
const parents = new Map<number, number | null>([
  [1, null],
  [2, 1],
  [3, 2],
  [4, 3],
  [5, 4],
  [6, 2],
]);
const rates: RebateRates = { betBps: [100, 50, 10], rechargeBps: [200, 100, 50], registerReward: [100n, 50n, 10n] };

describe('team rebates on a fixed tree', () => {
  it('pays three levels up and no further, summed per beneficiary, level and coin', () => {
    const lines = rebatesOf(
      parents,
      [
        { userId: 5, asset: 'CHIP', amount: 10_000n },
        { userId: 4, asset: 'CHIP', amount: 5_000n },
        { userId: 6, asset: 'CHIP', amount: 1_000n },
        { userId: 6, asset: 'USDT', amount: 999n },
      ],
      'bet',
      rates,
    );
    expect(lines).toEqual([
      // 1 earns from 3's subtree only at level 2 (6) and level 3 (4); 5 is four levels below 1.
      { beneficiary: 1, level: 2, asset: 'CHIP', base: 1_000n, amount: 5n },
      { beneficiary: 1, level: 2, asset: 'USDT', base: 999n, amount: 4n },
      { beneficiary: 1, level: 3, asset: 'CHIP', base: 5_000n, amount: 5n },
      { beneficiary: 2, level: 1, asset: 'CHIP', base: 1_000n, amount: 10n },
      { beneficiary: 2, level: 1, asset: 'USDT', base: 999n, amount: 9n },
      { beneficiary: 2, level: 2, asset: 'CHIP', base: 5_000n, amount: 25n },
      { beneficiary: 2, level: 3, asset: 'CHIP', base: 10_000n, amount: 10n },
      { beneficiary: 3, level: 1, asset: 'CHIP', base: 5_000n, amount: 50n },
      { beneficiary: 3, level: 2, asset: 'CHIP', base: 10_000n, amount: 50n },
      { beneficiary: 4, level: 1, asset: 'CHIP', base: 10_000n, amount: 100n },
    ]);
  });

  it('recharge rebates use their own rates; sums are truncated once, after summing', () => {
    const lines = rebatesOf(
      parents,
      [
        { userId: 3, asset: 'CASH', amount: 49n },
        { userId: 6, asset: 'CASH', amount: 1n },
      ],
      'recharge',
      rates,
    );
    // Level 1 of 2: (49 + 1) x 2% = 1 (each alone would truncate to 0).
    expect(lines).toContainEqual({ beneficiary: 2, level: 1, asset: 'CASH', base: 50n, amount: 1n });
    expect(lines.find((line) => line.beneficiary === 1)).toBeUndefined();
  });

  it('register rebates are a fixed reward per effective invitee and level', () => {
    const lines = rebatesOf(
      parents,
      [
        { userId: 5, asset: 'CASH', amount: 1n },
        { userId: 4, asset: 'CASH', amount: 1n },
      ],
      'register',
      rates,
    );
    expect(lines).toEqual([
      { beneficiary: 1, level: 3, asset: 'CASH', base: 1n, amount: 10n },
      { beneficiary: 2, level: 2, asset: 'CASH', base: 1n, amount: 50n },
      { beneficiary: 2, level: 3, asset: 'CASH', base: 1n, amount: 10n },
      { beneficiary: 3, level: 1, asset: 'CASH', base: 1n, amount: 100n },
      { beneficiary: 3, level: 2, asset: 'CASH', base: 1n, amount: 50n },
      { beneficiary: 4, level: 1, asset: 'CASH', base: 1n, amount: 100n },
    ]);
  });

  it('a member without an inviter earns nobody anything; levels outside 1-3 earn nothing', () => {
    expect(rebatesOf(parents, [{ userId: 1, asset: 'CHIP', amount: 10_000n }], 'bet', rates)).toEqual([]);
    expect(rebateFor('bet', 4, 10_000n, rates)).toBe(0n);
    expect(rebateFor('bet', 0, 10_000n, rates)).toBe(0n);
  });

  it('parses operator rates and refuses malformed ones', () => {
    expect(parseLevelBps('30, 20,10')).toEqual([30, 20, 10]);
    expect(parseLevelBps('30,20')).toBeUndefined();
    expect(parseLevelBps('30,20,10001')).toBeUndefined();
    expect(parseLevelBps('3.5,20,10')).toBeUndefined();
    expect(parseLevelAmounts('1.00,0.5,0')).toEqual([100n, 50n, 0n]);
    expect(parseLevelAmounts('1,x,0')).toBeUndefined();
    expect(DEFAULT_REBATE_RATES.betBps).toHaveLength(3);
  });
});

describe('platform day bounds', () => {
  it('are local midnights, 23 or 25 hours apart across daylight saving', () => {
    expect(localDayBounds('2026-07-01', 'UTC')).toEqual({ start: new Date('2026-07-01T00:00:00Z'), end: new Date('2026-07-02T00:00:00Z') });
    expect(localDayBounds('2026-07-01', 'Asia/Kolkata').start).toEqual(new Date('2026-06-30T18:30:00Z'));
    const spring = localDayBounds('2026-03-29', 'Europe/London');
    expect(spring.start).toEqual(new Date('2026-03-29T00:00:00Z'));
    expect(spring.end).toEqual(new Date('2026-03-29T23:00:00Z'));
    const autumn = localDayBounds('2026-10-25', 'Europe/London');
    expect(autumn.start).toEqual(new Date('2026-10-24T23:00:00Z'));
    expect(autumn.end).toEqual(new Date('2026-10-26T00:00:00Z'));
  });
});

describe('recharge rebates on money that stays', () => {
  it('pay on the day recharges net of the same day withdrawals, never below zero', () => {
    expect(retainedRecharge(100_000n, 0n)).toBe(100_000n);
    expect(retainedRecharge(100_000n, 40_000n)).toBe(60_000n);
    expect(retainedRecharge(100_000n, 100_000n)).toBe(0n);
    expect(retainedRecharge(100_000n, 250_000n)).toBe(0n);
  });

  it('flag settings where cycling money through own accounts pays: the default rates with a 1% fee and no turnover net 75 bps', () => {
    // 1.00% + 0.50% + 0.25% of rebates against a 1.00% USDT fee: +7.50 per 1,000 cycled (docs/money.md, "Team rebates").
    expect(rechargeCycleProfitBps(DEFAULT_REBATE_RATES, 100, 0)).toBe(75);
    expect(rechargeCycleProfitBps(DEFAULT_REBATE_RATES, 200, 0)).toBe(0);
    expect(rechargeCycleProfitBps(DEFAULT_REBATE_RATES, 100, 10_000)).toBe(0);
  });
});
