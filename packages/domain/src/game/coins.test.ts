import { describe, expect, it } from 'vitest';
import { DEFAULT_BET_COINS, offeredBetCoins, offeredCoinOr } from './coins';

describe('the coins offered for a bet', () => {
  it('are CHIP and POINT by default: nothing gives a user GOLD', () => {
    expect(DEFAULT_BET_COINS).toEqual(['CHIP', 'POINT']);
    expect(offeredBetCoins(undefined)).toEqual(['CHIP', 'POINT']);
    expect(offeredBetCoins('')).toEqual(['CHIP', 'POINT']);
  });

  it("follow the operator's setting, in its order, without unknown coins or repeats", () => {
    expect(offeredBetCoins('CHIP,GOLD,POINT')).toEqual(['CHIP', 'GOLD', 'POINT']);
    expect(offeredBetCoins(' point , chip, POINT ')).toEqual(['POINT', 'CHIP']);
    expect(offeredBetCoins('CASH,USDT,DOGE')).toEqual(['CHIP', 'POINT']);
  });

  it('fall back from a remembered coin that is not offered (GOLD) to the first offered', () => {
    expect(offeredCoinOr('GOLD', ['CHIP', 'POINT'])).toBe('CHIP');
    expect(offeredCoinOr('POINT', ['CHIP', 'POINT'])).toBe('POINT');
    expect(offeredCoinOr(null, ['POINT'])).toBe('POINT');
    expect(offeredCoinOr('GOLD', ['CHIP', 'GOLD'])).toBe('GOLD');
  });
});
