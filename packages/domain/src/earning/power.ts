import { addDays, daysBetween } from '../engage/calendar';
import type { Money, MoneyDirection } from '../money';

/**
 * Power (DoubleInvest, specification points 1, 4, 9; docs/money.md, "Power"), as pure rules
 * in minor units. A package ("session") costs `price` in its coin and grants
 * `power`; a holding earns `power x dailyRateBps / 10,000` per platform day for
 * `termDays` days, pays a daily management fee of `power x feeBps / 10,000`
 * from the holder's balance of that coin, and returns its price at maturity.
 * Every share is truncated toward zero (floor for these non-negative values),
 * which is in the platform's favour and never pays more than the stated rate.
 */

const BPS = 10_000n;

/** The basis points (1/100 of a percent) that `rate` of a `value` truncate to. */
function share(value: Money, bps: number): Money {
  if (value < 0n || bps < 0) throw new RangeError('power shares take non-negative values and rates');
  return (value * BigInt(bps)) / BPS;
}

/** One day's income of a holding: power x daily rate, truncated. */
export function powerDailyIncome(power: Money, dailyRateBps: number): Money {
  return share(power, dailyRateBps);
}

/**
 * One day's management fee on a holding ("deducted from personal chips"):
 * power x fee rate, truncated, and never more than what the holder's balance of
 * the coin holds when it is charged (a fee is never a debt).
 */
export function powerDailyFee(power: Money, feeBps: number, available: Money): Money {
  const fee = share(power, feeBps);
  if (available <= 0n) return 0n;
  return fee < available ? fee : available;
}

/** What a package pays over its whole term before fees (shown before buying). */
export function powerTermIncome(power: Money, dailyRateBps: number, termDays: number): Money {
  return powerDailyIncome(power, dailyRateBps) * BigInt(termDays);
}

/** Fees over the whole term, assuming the balance always covers them (shown before buying). */
export function powerTermFee(power: Money, feeBps: number, termDays: number): Money {
  return share(power, feeBps) * BigInt(termDays);
}

/**
 * The days a holding earns: from the platform day it was bought (earnings start
 * within 24 hours: the first day's income is paid at 00:00 after the purchase)
 * to `termDays - 1` days later, inclusive. It matures at the end of its last day.
 */
export function powerTerm(boughtOn: string, termDays: number): { startDay: string; endDay: string } {
  if (!Number.isInteger(termDays) || termDays < 1) throw new RangeError('a term is at least one day');
  return { startDay: boughtOn, endDay: addDays(boughtOn, termDays - 1) };
}

/** Whether a holding with this term earns for `day`. */
export function earnsOn(term: { startDay: string; endDay: string }, day: string): boolean {
  return term.startDay <= day && day <= term.endDay;
}

/** Days of income a holding has left after `today` has been paid (0 once matured). */
export function daysLeft(term: { endDay: string }, today: string): number {
  return Math.max(0, daysBetween(today, term.endDay));
}

/**
 * The daily purchase limit: with `boughtToday` purchases of a package already
 * made today, one more is allowed while the count stays within `limit`.
 */
export function withinDailyLimit(boughtToday: number, limit: number): boolean {
  return boughtToday + 1 <= limit;
}

/**
 * Hierarchical power (our rule; docs/money.md "Power"): a share of the active
 * basic power that the holder's team holds, per level (direct members first).
 * It is a figure of standing, counted in the personal total; it earns nothing
 * itself and moves no money (the team's rebates already pay for the team).
 */
export const HIERARCHICAL_POWER_BPS: readonly [number, number, number] = [1000, 500, 200];

export function hierarchicalPower(teamBasicPower: readonly Money[], rates: readonly number[] = HIERARCHICAL_POWER_BPS): Money {
  return teamBasicPower.reduce((sum, power, i) => sum + share(power, rates[i] ?? 0), 0n);
}

/** The personal total: basic + gift + hierarchical. */
export function personalPower(kinds: { basic: Money; gift: Money; hierarchical: Money }): Money {
  return kinds.basic + kinds.gift + kinds.hierarchical;
}

/** A rate in basis points as a percentage with two decimals ("1.25%"). */
export function formatBps(bps: number): string {
  const whole = Math.trunc(bps / 100);
  const cents = Math.abs(bps % 100)
    .toString()
    .padStart(2, '0');
  return `${whole}.${cents}%`;
}

/** The kinds of power records: what changed a user's power. */
export type PowerRecordType = 'buy' | 'gift_in' | 'gift_out' | 'maturity';
export const POWER_RECORD_TYPES = ['buy', 'gift_in', 'gift_out', 'maturity'] as const satisfies readonly PowerRecordType[];

/**
 * Which way a power record moved for its user. A gift given is paid by the
 * giver and held by the receiver, so on the giver's record it is money out
 * (docs/decisions.md, "What a player sees before money moves": it showed as "+50.00", as if received); a maturity ends a holding.
 */
export function powerRecordDirection(type: PowerRecordType): MoneyDirection {
  return type === 'gift_out' || type === 'maturity' ? 'out' : 'in';
}
