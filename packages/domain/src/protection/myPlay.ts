import { addDays } from '../engage/calendar';
import { FIGURE_QUARTER_SECONDS } from '../game/figures';
import { formatMoney } from '../money';
import type { MyPlay, MyPlayFigures } from './wire';

/**
 * My play (docs/protection.md): a player's own activity statement, per platform day and coin,
 * read from the game's figure rows (one row per user, UTC quarter hour, coin, placed or settled).
 * Pure rules: which days, what "time in the game" is, and how the rows fold into the answer.
 */

/** The statement covers at most the last 30 platform days, today included. */
export const MY_PLAY_MAX_DAYS = 30;

/**
 * Time in the game is counted in quarter hours: each quarter hour in which the player placed at
 * least one bet (in any coin) counts its whole 15 minutes. The rows keep no finer time, so this is
 * an estimate by design: a single bet shows as 15 minutes, and a player who watched without betting
 * shows nothing. It is said so on the page.
 */
export const MINUTES_PER_PLAY_QUARTER = FIGURE_QUARTER_SECONDS / 60;

/** The platform days of the statement, oldest first, ending with `today` ("YYYY-MM-DD"). */
export function myPlayDates(today: string, days: number): string[] {
  const count = Math.min(Math.max(Math.trunc(days), 1), MY_PLAY_MAX_DAYS);
  return Array.from({ length: count }, (_, i) => addDays(today, i - count + 1));
}

/**
 * One summed row of the figure rows: a day and coin, or (coin null) a whole day, where `quarters`
 * counts the distinct quarter hours with a bet placed in any coin. Amounts are minor units.
 */
export interface PlayDayRow {
  date: string;
  coin: string | null;
  quarters: number;
  bets: number;
  won: number;
  placed: bigint;
  settled: bigint;
  paidOut: bigint;
}

type Sums = Pick<PlayDayRow, 'bets' | 'won' | 'placed' | 'settled' | 'paidOut'>;

const ZERO: Sums = { bets: 0, won: 0, placed: 0n, settled: 0n, paidOut: 0n };

function add(a: Sums, b: Sums): Sums {
  return {
    bets: a.bets + b.bets,
    won: a.won + b.won,
    placed: a.placed + b.placed,
    settled: a.settled + b.settled,
    paidOut: a.paidOut + b.paidOut,
  };
}

function wireFigures(coin: string, s: Sums): MyPlayFigures {
  return {
    coin,
    bets: s.bets,
    won: s.won,
    staked: formatMoney(s.placed),
    settled: formatMoney(s.settled),
    paidOut: formatMoney(s.paidOut),
    net: formatMoney(s.paidOut - s.settled),
  };
}

/** Coins in a fixed order: the ones with the most bets first, then by name. */
function coinOrder(totals: Map<string, Sums>): string[] {
  return [...totals.keys()].sort((a, b) => (totals.get(b)?.bets ?? 0) - (totals.get(a)?.bets ?? 0) || a.localeCompare(b));
}

/**
 * The answer of GET /app/protection/myPlay from the rows: every date of `dates` (days without play
 * are empty), and the totals over them. Net result = paid out minus the stakes settled that day
 * (a bet counts on the day it was placed for "bets" and "staked", on the day it was settled for
 * "won" and the net).
 */
export function foldMyPlay(dates: readonly string[], rows: readonly PlayDayRow[], timeZone: string): MyPlay {
  const minutes = new Map<string, number>();
  const perDay = new Map<string, Map<string, Sums>>();
  const totals = new Map<string, Sums>();
  for (const row of rows) {
    if (row.coin === null) {
      minutes.set(row.date, row.quarters * MINUTES_PER_PLAY_QUARTER);
      continue;
    }
    const day = perDay.get(row.date) ?? new Map<string, Sums>();
    day.set(row.coin, row);
    perDay.set(row.date, day);
    totals.set(row.coin, add(totals.get(row.coin) ?? ZERO, row));
  }
  const coins = coinOrder(totals);
  const days = dates.map((date) => {
    const day = perDay.get(date);
    return {
      date,
      minutes: minutes.get(date) ?? 0,
      coins: coins.filter((coin) => day?.has(coin)).map((coin) => wireFigures(coin, day?.get(coin) ?? ZERO)),
    };
  });
  return {
    timeZone,
    minutesPerQuarter: MINUTES_PER_PLAY_QUARTER,
    coins,
    days,
    totals: {
      minutes: days.reduce((sum, day) => sum + day.minutes, 0),
      coins: coins.map((coin) => wireFigures(coin, totals.get(coin) ?? ZERO)),
    },
  };
}
