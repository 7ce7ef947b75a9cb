import { describe, expect, it } from 'vitest';
import {
  BET_NAMES,
  type BetName,
  coloursOf,
  DEFAULT_ODDS,
  type GameResult,
  multiplierBps,
  returnToPlayer,
  settleBet,
  sizeOf,
} from './rules';

/** Golden table: for each result, the bets that win and their multiplier (x 10000). Everything else loses. */
const WINNERS: Record<GameResult, Partial<Record<BetName, number>>> = {
  0: { Red: 15_000, Violet: 45_000, '0': 90_000, Small: 20_000 },
  1: { Green: 20_000, '1': 90_000, Small: 20_000 },
  2: { Red: 20_000, '2': 90_000, Small: 20_000 },
  3: { Green: 20_000, '3': 90_000, Small: 20_000 },
  4: { Red: 20_000, '4': 90_000, Small: 20_000 },
  5: { Green: 15_000, Violet: 45_000, '5': 90_000, Big: 20_000 },
  6: { Red: 20_000, '6': 90_000, Big: 20_000 },
  7: { Green: 20_000, '7': 90_000, Big: 20_000 },
  8: { Red: 20_000, '8': 90_000, Big: 20_000 },
  9: { Green: 20_000, '9': 90_000, Big: 20_000 },
};

describe('golden payouts: all ten results x every bet', () => {
  for (let r = 0; r <= 9; r++) {
    const result = r as GameResult;
    it.each(BET_NAMES)(`result ${r}, bet %s`, (bet) => {
      expect(multiplierBps(bet, result, DEFAULT_ODDS)).toBe(WINNERS[result][bet] ?? 0);
    });
  }
});

describe('colours and sizes', () => {
  it('follow the specification', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((r) => coloursOf(r as GameResult).join('+'))).toEqual([
      'Red+Violet',
      'Green',
      'Red',
      'Green',
      'Red',
      'Green+Violet',
      'Red',
      'Green',
      'Red',
      'Green',
    ]);
    expect([0, 4, 5, 9].map((r) => sizeOf(r as GameResult))).toEqual(['Small', 'Small', 'Big', 'Big']);
  });
});

describe('settleBet', () => {
  it('takes the 2% fee off the stake, then multiplies the rest', () => {
    expect(settleBet('Red', 10_000n, 2, DEFAULT_ODDS)).toEqual({ status: 'WIN', fee: 200n, payout: 19_600n, profit: 9_600n });
    expect(settleBet('Red', 10_000n, 0, DEFAULT_ODDS)).toEqual({ status: 'WIN', fee: 200n, payout: 14_700n, profit: 4_700n });
    expect(settleBet('Violet', 10_000n, 5, DEFAULT_ODDS)).toEqual({ status: 'WIN', fee: 200n, payout: 44_100n, profit: 34_100n });
    expect(settleBet('7', 100n, 7, DEFAULT_ODDS)).toEqual({ status: 'WIN', fee: 2n, payout: 882n, profit: 782n });
    expect(settleBet('Big', 10_000n, 4, DEFAULT_ODDS)).toEqual({ status: 'LOSE', fee: 200n, payout: 0n, profit: -10_000n });
  });
  it('truncates to the minor unit, never paying more than the odds', () => {
    // The fee on 33 truncates to 0; 33 x 1.5 = 49.5 truncates to 49.
    expect(settleBet('Green', 33n, 5, DEFAULT_ODDS)).toMatchObject({ fee: 0n, payout: 49n });
  });
});

describe('return to player', () => {
  it('is published per bet kind and follows from the odds', () => {
    const rtp = (bet: BetName) => Math.round(returnToPlayer(bet, DEFAULT_ODDS) * 10_000) / 10_000;
    expect(rtp('Big')).toBe(0.98);
    expect(rtp('Small')).toBe(0.98);
    expect(rtp('Red')).toBe(0.931);
    expect(rtp('Green')).toBe(0.931);
    expect(rtp('Violet')).toBe(0.882);
    expect(rtp('3')).toBe(0.882);
  });
});
