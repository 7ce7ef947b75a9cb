import { describe, expect, it } from 'vitest';
import { safeEnd } from './aggregates';
import { perCoinFigures, rtpBps, utcDaysUpTo } from './perCoin';

describe('dashboard figures', () => {
  it('adds up one coin: net flow is recharges less paid withdrawals, fees every fee type', () => {
    const sums = new Map([
      ['recharge', 100_000n],
      ['withdraw_paid', 40_000n],
      ['withdraw_fee', 800n],
      ['fee', 120n],
      ['power_fee', 5n],
      ['bet', 6_000n],
      ['payout', 5_500n],
      ['~house', 380n],
    ]);
    expect(perCoinFigures('CASH', sums)).toEqual({
      coin: 'CASH',
      recharges: '1000.00',
      withdrawals: '400.00',
      netFlow: '600.00',
      bets: '60.00',
      payouts: '55.00',
      fees: '9.25',
      houseResult: '3.80',
    });
    expect(perCoinFigures('USDT', new Map([['withdraw_paid', 1n]])).netFlow).toBe('-0.01');
  });

  it('return to player in basis points, none without stakes', () => {
    expect(rtpBps(10_000n, 9_800n)).toBe(9_800);
    expect(rtpBps(3n, 1n)).toBe(3_333);
    expect(rtpBps(0n, 5n)).toBeNull();
  });

  it('lists UTC days up to today, oldest first', () => {
    expect(utcDaysUpTo(new Date('2026-03-01T23:59:59+05:00'), 3)).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
    expect(utcDaysUpTo(new Date('2026-03-01T00:00:00Z'), 1)).toEqual(['2026-03-01']);
  });

  it('folds ids in order and stops before a gap until it is old enough', () => {
    const now = new Date('2026-11-27T12:00:00Z');
    const at = (secondsAgo: number) => new Date(now.getTime() - secondsAgo * 1000);
    const rows = [
      { id: 11, createdAt: at(5) },
      { id: 12, createdAt: at(5) },
      { id: 14, createdAt: at(5) },
      { id: 15, createdAt: at(1) },
    ];
    expect(safeEnd(10, rows, now)).toBe(12);
    expect(safeEnd(10, rows, new Date(now.getTime() + 120_000))).toBe(15);
    expect(safeEnd(10, [], now)).toBe(10);
    expect(safeEnd(10, [{ id: 13, createdAt: at(600) }], now)).toBe(13);
  });
});
