import { describe, expect, it } from 'vitest';
import { ago, dailySeries, fromMinor, percentOfBps, rtpGap, toMinor, windowTotals } from './format';

const coin = (c: string, netFlow: string, houseResult = '0.00') => ({
  coin: c,
  recharges: '10.00',
  withdrawals: '2.50',
  netFlow,
  bets: '1.10',
  payouts: '0.90',
  fees: '0.02',
  houseResult,
});

describe('dashboard formatting', () => {
  it('reads and writes the API amounts exactly, signs included', () => {
    expect(toMinor('1234.5')).toBe(123_450n);
    expect(toMinor('-0.05')).toBe(-5n);
    expect(toMinor('7')).toBe(700n);
    expect(toMinor('x')).toBe(0n);
    expect(fromMinor(-5n)).toBe('-0.05');
    expect(fromMinor(123_450n)).toBe('1234.50');
  });

  it('adds a coin up over the window without floating-point drift', () => {
    const days = [
      { date: '2026-11-25', coins: [coin('CASH', '7.50'), coin('USDT', '1.00')] },
      { date: '2026-11-26', coins: [coin('CASH', '-0.10', '0.20')] },
    ];
    expect(windowTotals(days, 'CASH')).toEqual({
      coin: 'CASH',
      recharges: '20.00',
      withdrawals: '5.00',
      netFlow: '7.40',
      bets: '2.20',
      payouts: '1.80',
      fees: '0.04',
      houseResult: '0.20',
    });
    expect(dailySeries(days, 'USDT', 'netFlow')).toEqual([
      { date: '2026-11-25', value: 1 },
      { date: '2026-11-26', value: 0 },
    ]);
  });

  it('shows returns and their gap in percent', () => {
    expect(percentOfBps(9_800)).toBe('98.00%');
    expect(percentOfBps(null)).toBe('—');
    expect(rtpGap(9_925, 9_800)).toBe('+1.25 pp');
    expect(rtpGap(9_700, 9_800)).toBe('-1.00 pp');
    expect(rtpGap(null, 9_800)).toBe('—');
  });

  it('says how long ago', () => {
    const now = new Date('2026-11-27T12:00:00Z');
    expect(ago(null, now)).toBe('never');
    expect(ago('2026-11-27T11:59:30Z', now)).toBe('just now');
    expect(ago('2026-11-27T11:15:00Z', now)).toBe('45 min ago');
    expect(ago('2026-11-26T09:00:00Z', now)).toBe('27 h ago');
    expect(ago('2026-11-20T12:00:00Z', now)).toBe('7 d ago');
  });
});
