import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coloursOf, type GameResult, sizeOf } from './rules';
import { numberTrends, streakColourOf, TREND_DRAWS, toTrendDraw, trendStats, trendStreaks } from './trend';

const results = fc.array(fc.integer({ min: 0, max: 9 }) as fc.Arbitrary<GameResult>, { maxLength: TREND_DRAWS });

/** The longest run of `value` in `values`, counted the slow way. */
function longestRun<V>(values: readonly V[], value: V): number {
  let best = 0;
  for (let start = 0; start < values.length; start++) {
    let end = start;
    while (end < values.length && values[end] === value) end++;
    best = Math.max(best, end - start);
  }
  return best;
}

describe('the trend chart statistics', () => {
  it('count each number and the draws since it was last drawn (newest first)', () => {
    const stats = numberTrends([3, 7, 3, 0]);
    expect(stats.find((row) => row.number === 3)).toEqual({ number: 3, frequency: 2, missing: 0 });
    expect(stats.find((row) => row.number === 7)).toEqual({ number: 7, frequency: 1, missing: 1 });
    expect(stats.find((row) => row.number === 0)).toEqual({ number: 0, frequency: 1, missing: 3 });
    // Never drawn in the window: missing at least the whole window.
    expect(stats.find((row) => row.number === 5)).toEqual({ number: 5, frequency: 0, missing: 4 });
    expect(stats.map((row) => row.number)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('follow red and green by the game colour rule: 0 counts as red and 5 as green', () => {
    expect(streakColourOf(0)).toBe('Red');
    expect(streakColourOf(5)).toBe('Green');
    expect(streakColourOf(4)).toBe('Red');
    expect(streakColourOf(9)).toBe('Green');
    expect(toTrendDraw('20260101000001', 0)).toEqual({ periodId: '20260101000001', number: 0, colours: ['Red', 'Violet'], size: 'Small' });
  });

  it('give the current run from the newest draw and the longest run per value', () => {
    // Newest first: Big Big Small Small Small Big.
    const stats = trendStats([9, 5, 0, 4, 2, 8]);
    expect(stats.size.current).toEqual({ value: 'Big', length: 2 });
    expect(stats.size.longest).toEqual({ Big: 2, Small: 3 });
    // Colours: Green Green Red Red Red Red.
    expect(stats.colour.current).toEqual({ value: 'Green', length: 2 });
    expect(stats.colour.longest).toEqual({ Red: 4, Green: 2 });
    expect(stats.draws).toBe(6);
  });

  it('have no current run and zero counts without draws', () => {
    const stats = trendStats([]);
    expect(stats.colour).toEqual({ current: null, longest: { Red: 0, Green: 0 } });
    expect(stats.size).toEqual({ current: null, longest: { Big: 0, Small: 0 } });
    expect(stats.numbers.every((row) => row.frequency === 0 && row.missing === 0)).toBe(true);
  });

  it('frequencies add up to the draws, and a number is missing exactly as long as the draws before its newest', () => {
    fc.assert(
      fc.property(results, (list) => {
        const stats = numberTrends(list);
        expect(stats.reduce((sum, row) => sum + row.frequency, 0)).toBe(list.length);
        for (const row of stats) {
          expect(list.slice(0, row.missing).includes(row.number)).toBe(false);
          if (row.frequency > 0) expect(list[row.missing]).toBe(row.number);
          else expect(row.missing).toBe(list.length);
        }
      }),
    );
  });

  it('streaks agree with a slow count: the current run is a prefix and no run is longer than the longest', () => {
    fc.assert(
      fc.property(results, (list) => {
        const sizes = list.map(sizeOf);
        const summary = trendStreaks(sizes, ['Big', 'Small']);
        for (const value of ['Big', 'Small'] as const) expect(summary.longest[value]).toBe(longestRun(sizes, value));
        if (list.length === 0) {
          expect(summary.current).toBeNull();
          return;
        }
        const current = summary.current;
        expect(current?.value).toBe(sizes[0]);
        const length = current?.length ?? 0;
        expect(sizes.slice(0, length).every((size) => size === sizes[0])).toBe(true);
        expect(sizes[length]).not.toBe(sizes[0]);
        expect(length).toBeLessThanOrEqual(summary.longest[sizes[0] as 'Big' | 'Small']);
      }),
    );
  });

  it('colour streaks use the draw colours (violet never breaks a run of its red or green)', () => {
    fc.assert(
      fc.property(results, (list) => {
        const summary = trendStats(list).colour;
        const colours = list.map((result) => (coloursOf(result).includes('Red') ? 'Red' : 'Green'));
        expect(summary.longest.Red).toBe(longestRun(colours, 'Red'));
        expect(summary.longest.Green).toBe(longestRun(colours, 'Green'));
      }),
    );
  });
});
