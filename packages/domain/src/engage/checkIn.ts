import type { Money } from '../money';
import { addDays } from './calendar';

/**
 * Daily check-in (specification point 9, docs/operations.md, "The platform day and rewards"): day d of a streak pays
 * base + step x (d - 1), doubled when d is a multiple of `doubleEvery`. A missed
 * day restarts the streak at day 1. Days are calendar days in the platform's
 * zone; the server decides which day it is, never the client.
 */
export interface CheckInRule {
  base: Money;
  step: Money;
  doubleEvery: number;
}

/** $0.10 on day one, $0.01 more each day, doubled every 7th day. */
export const DEFAULT_CHECK_IN_RULE: CheckInRule = { base: 10n, step: 1n, doubleEvery: 7 };

/** The days shown at once: one week of the streak. */
export const SIGN_IN_WEEK = 7;

export function checkInReward(day: number, rule: CheckInRule = DEFAULT_CHECK_IN_RULE): Money {
  if (!Number.isSafeInteger(day) || day < 1) throw new RangeError(`sign-in day must be a positive integer, got ${day}`);
  const amount = rule.base + rule.step * BigInt(day - 1);
  return rule.doubleEvery > 0 && day % rule.doubleEvery === 0 ? amount * 2n : amount;
}

/** The user's last check-in: its calendar day and its streak day. */
export interface LastCheckIn {
  date: string;
  day: number;
}

export interface StreakToday {
  /** Whether today is already signed. */
  signedToday: boolean;
  /** Today's streak day: the one signed, or the one a check-in now would pay. */
  day: number;
}

/** Where the streak stands on `today`: continued from yesterday, signed today, or restarted. */
export function streakOn(last: LastCheckIn | undefined, today: string): StreakToday {
  if (last?.date === today) return { signedToday: true, day: last.day };
  if (last && last.date === addDays(today, -1)) return { signedToday: false, day: last.day + 1 };
  return { signedToday: false, day: 1 };
}

/** The streak length as of `today` (0 once a day was missed): getUserInfo's signInDay. */
export function currentStreak(last: LastCheckIn | undefined, today: string): number {
  if (!last) return 0;
  return last.date === today || last.date === addDays(today, -1) ? last.day : 0;
}

export type CheckInDayState = 'signed' | 'today' | 'upcoming';

export interface CheckInCalendarDay {
  day: number;
  date: string;
  reward: Money;
  state: CheckInDayState;
}

/**
 * The week of the streak that holds today: days already signed, today, and
 * the days to come with their rewards (the 7th, doubled, closes the week).
 */
export function checkInWeek(streak: StreakToday, today: string, rule: CheckInRule = DEFAULT_CHECK_IN_RULE): CheckInCalendarDay[] {
  const first = streak.day - ((streak.day - 1) % SIGN_IN_WEEK);
  return Array.from({ length: SIGN_IN_WEEK }, (_, i) => {
    const day = first + i;
    const state: CheckInDayState =
      day < streak.day || (day === streak.day && streak.signedToday) ? 'signed' : day === streak.day ? 'today' : 'upcoming';
    return { day, date: addDays(today, day - streak.day), reward: checkInReward(day, rule), state };
  });
}
