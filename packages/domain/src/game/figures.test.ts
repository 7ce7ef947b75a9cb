import { describe, expect, it } from 'vitest';
import { localDayBounds } from '../team/rebates';
import { figureQuarter, isFigureQuarter } from './figures';

describe('figure quarters', () => {
  it('floor an instant to its quarter hour of UTC', () => {
    expect(figureQuarter(new Date('2026-09-01T23:59:59.999Z')).toISOString()).toBe('2026-09-01T23:45:00.000Z');
    expect(figureQuarter(new Date('2026-09-02T00:00:00.000Z')).toISOString()).toBe('2026-09-02T00:00:00.000Z');
    expect(figureQuarter(new Date('2026-09-02T05:29:00Z')).toISOString()).toBe('2026-09-02T05:15:00.000Z');
    expect(isFigureQuarter(new Date('2026-09-02T18:30:00Z'))).toBe(true);
    expect(isFigureQuarter(new Date('2026-09-02T18:30:01Z'))).toBe(false);
  });

  it('hold every platform day of every time zone this runtime knows as whole quarters', () => {
    // The rule getUserInfo's day figures rest on: each day starts and ends on a quarter hour of
    // UTC (India +5:30, Nepal +5:45, Chatham +12:45, and around every DST change).
    const zones = Intl.supportedValuesOf('timeZone');
    const dates: string[] = [];
    for (let month = 1; month <= 12; month++) {
      for (const day of [1, 8, 15, 22, 29]) {
        if (month === 2 && day === 29) continue;
        dates.push(`2026-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`);
      }
    }
    // Days of DST changes in common zones (Europe and the US in 2026).
    dates.push('2026-03-08', '2026-03-29', '2026-10-25', '2026-11-01', '2027-03-28');
    const misaligned: string[] = [];
    for (const zone of [...zones, 'UTC']) {
      for (const date of dates) {
        const { start, end } = localDayBounds(date, zone);
        if (!isFigureQuarter(start) || !isFigureQuarter(end)) misaligned.push(`${zone} ${date}`);
      }
    }
    expect(zones.length).toBeGreaterThan(300);
    expect(misaligned).toEqual([]);
  });
});
