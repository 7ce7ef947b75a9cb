import { describe, expect, it } from 'vitest';
import { betNet, outcomeOfNet, sessionNetByCoin } from './sessionNet';

describe("a session's net result", () => {
  it('is a loss when one small bet wins and the others lose (the popup that said "You won!")', () => {
    // 10 CHIP on Green wins 19.60; 500.80 CHIP on other bets is lost: -491.20 over the session.
    const nets = sessionNetByCoin([
      { coin: 'CHIP', stake: 1000n, payout: 1960n },
      { coin: 'CHIP', stake: 50_000n, payout: 0n },
      { coin: 'CHIP', stake: 80n, payout: 0n },
    ]);
    expect(nets).toEqual([{ coin: 'CHIP', staked: 51_080n, paid: 1960n, net: -49_120n, outcome: 'lost' }]);
  });

  it('is a win when payouts exceed stakes, and even when they match (a refund)', () => {
    expect(sessionNetByCoin([{ coin: 'CHIP', stake: 1000n, payout: 1960n }])[0]).toMatchObject({ net: 960n, outcome: 'won' });
    expect(sessionNetByCoin([{ coin: 'CHIP', stake: 1000n, payout: 1000n }])[0]).toMatchObject({ net: 0n, outcome: 'even' });
  });

  it('keeps each coin on its own, in the order of its first bet', () => {
    const nets = sessionNetByCoin([
      { coin: 'POINT', stake: 200n, payout: 0n },
      { coin: 'CHIP', stake: 100n, payout: 196n },
      { coin: 'POINT', stake: 100n, payout: 882n },
    ]);
    expect(nets).toEqual([
      { coin: 'POINT', staked: 300n, paid: 882n, net: 582n, outcome: 'won' },
      { coin: 'CHIP', staked: 100n, paid: 196n, net: 96n, outcome: 'won' },
    ]);
  });

  it('has no coins without bets', () => {
    expect(sessionNetByCoin([])).toEqual([]);
  });

  it("states one bet's net and the outcome of a net by its sign", () => {
    expect(betNet({ coin: 'CHIP', stake: 100n, payout: 0n })).toBe(-100n);
    expect(betNet({ coin: 'CHIP', stake: 100n, payout: 882n })).toBe(782n);
    expect([outcomeOfNet(-1n), outcomeOfNet(0n), outcomeOfNet(1n)]).toEqual(['lost', 'even', 'won']);
  });
});
