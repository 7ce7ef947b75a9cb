import { describe, expect, it } from 'vitest';
import { foldMyPlay, MINUTES_PER_PLAY_QUARTER, MY_PLAY_MAX_DAYS, myPlayDates, type PlayDayRow } from './myPlay';

const row = (date: string, coin: string | null, s: Partial<PlayDayRow> = {}): PlayDayRow => ({
  date,
  coin,
  quarters: 0,
  bets: 0,
  won: 0,
  placed: 0n,
  settled: 0n,
  paidOut: 0n,
  ...s,
});

describe('myPlayDates', () => {
  it('ends with today, oldest first, across a month end', () => {
    expect(myPlayDates('2026-03-02', 3)).toEqual(['2026-02-28', '2026-03-01', '2026-03-02']);
  });
  it('keeps to 1..30 days', () => {
    expect(myPlayDates('2026-03-02', 0)).toEqual(['2026-03-02']);
    expect(myPlayDates('2026-03-02', 400)).toHaveLength(MY_PLAY_MAX_DAYS);
  });
});

describe('foldMyPlay', () => {
  it('counts quarters as minutes, nets per coin, and totals the period', () => {
    const dates = ['2026-03-01', '2026-03-02'];
    const rows = [
      row('2026-03-01', null, { quarters: 3 }),
      row('2026-03-01', 'CHIP', { bets: 4, won: 1, placed: 4000n, settled: 4000n, paidOut: 1960n }),
      row('2026-03-02', null, { quarters: 1 }),
      row('2026-03-02', 'CHIP', { bets: 1, placed: 500n, settled: 500n }),
      row('2026-03-02', 'USDT', { bets: 1, won: 1, placed: 100n, settled: 100n, paidOut: 196n }),
    ];
    const play = foldMyPlay(dates, rows, 'UTC');
    expect(play.coins).toEqual(['CHIP', 'USDT']);
    expect(play.days.map((d) => d.minutes)).toEqual([3 * MINUTES_PER_PLAY_QUARTER, MINUTES_PER_PLAY_QUARTER]);
    expect(play.days[0]?.coins).toEqual([
      { coin: 'CHIP', bets: 4, won: 1, staked: '40.00', settled: '40.00', paidOut: '19.60', net: '-20.40' },
    ]);
    expect(play.totals.minutes).toBe(60);
    expect(play.totals.coins[0]).toMatchObject({ coin: 'CHIP', bets: 5, won: 1, net: '-25.40' });
    expect(play.totals.coins[1]).toMatchObject({ coin: 'USDT', bets: 1, won: 1, net: '0.96' });
  });
  it('answers every day, empty ones included, when nothing was played', () => {
    const play = foldMyPlay(['2026-03-01'], [], 'Asia/Taipei');
    expect(play).toEqual({
      timeZone: 'Asia/Taipei',
      minutesPerQuarter: 15,
      coins: [],
      days: [{ date: '2026-03-01', minutes: 0, coins: [] }],
      totals: { minutes: 0, coins: [] },
    });
  });
});
