import { describe, expect, it } from 'vitest';
import { formatMoney } from '../money';
import { addDays, daysBetween, isCalendarDate } from './calendar';
import { checkInReward, checkInWeek, currentStreak, DEFAULT_CHECK_IN_RULE, streakOn } from './checkIn';

describe('checkInReward', () => {
  it('pays 0.10 on day one, 0.01 more each day, doubled on every 7th day (days 1-15)', () => {
    const paid = Array.from({ length: 15 }, (_, i) => formatMoney(checkInReward(i + 1)));
    expect(paid).toEqual([
      '0.10',
      '0.11',
      '0.12',
      '0.13',
      '0.14',
      '0.15',
      '0.32',
      '0.17',
      '0.18',
      '0.19',
      '0.20',
      '0.21',
      '0.22',
      '0.46',
      '0.24',
    ]);
  });

  it('follows an operator rule, and never doubles when doubleEvery is 0', () => {
    expect(checkInReward(3, { base: 100n, step: 50n, doubleEvery: 3 })).toBe(400n);
    expect(checkInReward(7, { ...DEFAULT_CHECK_IN_RULE, doubleEvery: 0 })).toBe(16n);
  });

  it('refuses days that are not positive integers', () => {
    for (const day of [0, -1, 1.5, Number.NaN]) expect(() => checkInReward(day)).toThrow(RangeError);
  });
});

describe('streakOn', () => {
  it('starts at day 1, continues from yesterday, keeps today, restarts after a missed day', () => {
    expect(streakOn(undefined, '2026-03-10')).toEqual({ signedToday: false, day: 1 });
    expect(streakOn({ date: '2026-03-09', day: 4 }, '2026-03-10')).toEqual({ signedToday: false, day: 5 });
    expect(streakOn({ date: '2026-03-10', day: 5 }, '2026-03-10')).toEqual({ signedToday: true, day: 5 });
    expect(streakOn({ date: '2026-03-08', day: 4 }, '2026-03-10')).toEqual({ signedToday: false, day: 1 });
  });

  it('crosses month and year ends', () => {
    expect(streakOn({ date: '2026-02-28', day: 2 }, '2026-03-01').day).toBe(3);
    expect(streakOn({ date: '2026-12-31', day: 9 }, '2027-01-01').day).toBe(10);
    expect(streakOn({ date: '2028-02-28', day: 1 }, '2028-03-01').day).toBe(1); // 2028-02-29 was missed
  });
});

describe('currentStreak', () => {
  it('is the last day while today or yesterday was signed, else 0', () => {
    expect(currentStreak(undefined, '2026-03-10')).toBe(0);
    expect(currentStreak({ date: '2026-03-10', day: 3 }, '2026-03-10')).toBe(3);
    expect(currentStreak({ date: '2026-03-09', day: 3 }, '2026-03-10')).toBe(3);
    expect(currentStreak({ date: '2026-03-08', day: 3 }, '2026-03-10')).toBe(0);
  });
});

describe('checkInWeek', () => {
  it('shows the week holding today: signed days, today, then the days to come', () => {
    const week = checkInWeek({ signedToday: false, day: 3 }, '2026-03-10');
    expect(week.map((d) => [d.day, d.date, d.state, formatMoney(d.reward)])).toEqual([
      [1, '2026-03-08', 'signed', '0.10'],
      [2, '2026-03-09', 'signed', '0.11'],
      [3, '2026-03-10', 'today', '0.12'],
      [4, '2026-03-11', 'upcoming', '0.13'],
      [5, '2026-03-12', 'upcoming', '0.14'],
      [6, '2026-03-13', 'upcoming', '0.15'],
      [7, '2026-03-14', 'upcoming', '0.32'],
    ]);
  });

  it('moves to the next week after day 7, and marks today signed once it is', () => {
    const week = checkInWeek({ signedToday: true, day: 8 }, '2026-03-10');
    expect(week[0]).toMatchObject({ day: 8, date: '2026-03-10', state: 'signed' });
    expect(week[6]).toMatchObject({ day: 14, state: 'upcoming', reward: 46n });
    expect(checkInWeek({ signedToday: true, day: 7 }, '2026-03-10').every((d) => d.state === 'signed')).toBe(true);
  });
});

describe('calendar days', () => {
  it('adds days across month ends and leap years, and counts days between', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(daysBetween('2026-03-29', '2026-04-02')).toBe(4);
    expect(isCalendarDate('2026-02-30')).toBe(false);
    expect(() => addDays('yesterday', 1)).toThrow(RangeError);
  });
});
