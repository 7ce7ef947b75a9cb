import { type Colour, coloursOf, type GameResult, sizeOf } from './rules';

/**
 * The trend chart (the game's third tab): statistics over a room's last settled draws. They
 * describe the past only: every draw is independent of the ones before it (docs/fairness.md),
 * so nothing here predicts the next result.
 */

/** How many settled draws the chart covers. */
export const TREND_DRAWS = 100;

/** The colour a streak follows: a draw's red or green (0 is red and 5 green; violet rides along). */
export type StreakColour = Exclude<Colour, 'Violet'>;
export type DrawSize = 'Big' | 'Small';

/** One settled draw as the chart shows it. */
export interface TrendDraw {
  periodId: string;
  number: GameResult;
  colours: Colour[];
  size: DrawSize;
}

/** Per number 0-9 over the window. */
export interface NumberTrend {
  number: GameResult;
  /** How many of the window's draws gave this number. */
  frequency: number;
  /**
   * Draws since it last appeared: 0 when the newest draw gave it. When it did not appear in the
   * window at all, the window's length (it has been missing at least that long).
   */
  missing: number;
}

/** A run of consecutive draws sharing one value, counted from the newest draw. */
export interface TrendStreak<V extends string> {
  value: V;
  length: number;
}

/** The streaks of one property (colour or size): the one still running and the longest per value. */
export interface TrendStreaks<V extends string> {
  /** The run the newest draw belongs to; null when there are no draws. */
  current: TrendStreak<V> | null;
  /** Per value, its longest run in the window (0 when it never appeared). */
  longest: Record<V, number>;
}

export interface TrendStats {
  /** How many draws the statistics cover (up to TREND_DRAWS). */
  draws: number;
  numbers: NumberTrend[];
  colour: TrendStreaks<StreakColour>;
  size: TrendStreaks<DrawSize>;
}

/** GET /app/game/luckyLottery/trend's answer: the draws newest first, and their statistics. */
export interface GameTrend {
  level: number;
  draws: TrendDraw[];
  stats: TrendStats;
}

const NUMBERS: readonly GameResult[] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];

/** A draw's red or green, from the game's own colour rule. */
export function streakColourOf(result: GameResult): StreakColour {
  return coloursOf(result).includes('Red') ? 'Red' : 'Green';
}

/** A settled result as the chart shows it. */
export function toTrendDraw(periodId: string, result: GameResult): TrendDraw {
  return { periodId, number: result, colours: coloursOf(result), size: sizeOf(result) };
}

/** Frequency and missing count of each number 0-9; `results` newest first. */
export function numberTrends(results: readonly GameResult[]): NumberTrend[] {
  return NUMBERS.map((number) => {
    const last = results.indexOf(number);
    return {
      number,
      frequency: results.filter((result) => result === number).length,
      missing: last === -1 ? results.length : last,
    };
  });
}

/** The current run (from the newest value) and the longest run of each value; `values` newest first. */
export function trendStreaks<V extends string>(values: readonly V[], all: readonly V[]): TrendStreaks<V> {
  const longest = Object.fromEntries(all.map((value) => [value, 0])) as Record<V, number>;
  let current: TrendStreak<V> | null = null;
  let run = 0;
  values.forEach((value, index) => {
    run = index > 0 && values[index - 1] === value ? run + 1 : 1;
    if (run > longest[value]) longest[value] = run;
    // The newest run is the one starting at index 0 and still unbroken here.
    if (run === index + 1) current = { value, length: run };
  });
  return { current, longest };
}

/** Every statistic of the chart over `results`, newest first (the caller keeps at most TREND_DRAWS). */
export function trendStats(results: readonly GameResult[]): TrendStats {
  return {
    draws: results.length,
    numbers: numberTrends(results),
    colour: trendStreaks(results.map(streakColourOf), ['Red', 'Green']),
    size: trendStreaks(results.map(sizeOf), ['Big', 'Small']),
  };
}
