import { describe, expect, it } from 'vitest';
import { daysToCatchUp } from './calendar';

describe('daysToCatchUp', () => {
  it('a first run owes only yesterday', () => {
    expect(daysToCatchUp(undefined, '2026-10-04', 31)).toEqual(['2026-10-04']);
  });
  it('owes nothing when yesterday is done', () => {
    expect(daysToCatchUp('2026-10-04', '2026-10-04', 31)).toEqual([]);
  });
  it('owes the missed days oldest first, across a month end', () => {
    expect(daysToCatchUp('2026-09-29', '2026-10-02', 31)).toEqual(['2026-09-30', '2026-10-01', '2026-10-02']);
  });
  it('goes back at most maxDays after a long outage', () => {
    const owed = daysToCatchUp('2026-01-01', '2026-05-31', 31);
    expect(owed).toHaveLength(31);
    expect(owed[0]).toBe('2026-05-01');
    expect(owed.at(-1)).toBe('2026-05-31');
  });
});
