import { describe, expect, it } from 'vitest';
import { betTotalOf, checkBet, checkBetAmounts, parseRoomBases, parseRoomMultiples, roomListEntries } from './betRules';

const room = { bases: [100n, 1000n], multiples: [1, 5, 10], minTotal: 100n, maxTotal: 5000n, sessionCap: 8000n };
const open = { sessionOpen: true, selfExcluded: false, staked: 0n, balance: 1_000_000n };

describe("the bet's rules", () => {
  it("reads a room's lists as place_bet does: comma-separated, trimmed, blanks dropped", () => {
    expect(roomListEntries(' 1, 5,,10 ,')).toEqual(['1', '5', '10']);
    expect(parseRoomBases('100,1000')).toEqual([100n, 1000n]);
    expect(parseRoomMultiples('1, 5')).toEqual([1, 5]);
  });

  it('computes total = base x multiples exactly', () => {
    expect(betTotalOf(1000n, 5)).toBe(5000n);
  });

  it('refuses in place_bet order, each with its key', () => {
    expect(checkBet({ base: 7n, multiples: 2, total: 1n }, room, { ...open, sessionOpen: false })).toBe('ERROR_SESSION');
    expect(checkBetAmounts({ base: 7n, multiples: 2, total: 1n }, room)).toBe('BET_BASE_INVALID');
    expect(checkBetAmounts({ base: 100n, multiples: 2, total: 1n }, room)).toBe('BET_MULTIPLE_INVALID');
    expect(checkBetAmounts({ base: 100n, multiples: 5, total: 1n }, room)).toBe('BET_TOTAL_MISMATCH');
    expect(checkBetAmounts({ base: 1000n, multiples: 10, total: 10_000n }, room)).toBe('BET_LIMIT');
    const bet = { base: 1000n, multiples: 5, total: 5000n };
    expect(checkBet(bet, room, { ...open, selfExcluded: true })).toBe('SELF_EXCLUDED');
    expect(checkBet(bet, room, { ...open, staked: 3001n })).toBe('BET_SESSION_LIMIT');
    expect(checkBet(bet, room, { ...open, staked: 3000n, balance: 4999n })).toBe('INSUFFICIENT_BALANCE');
    expect(checkBet(bet, room, { ...open, staked: 3000n, balance: 5000n })).toBeUndefined();
  });
});
