import { REBATE_TIERS } from '../constants';
import { applyBasisPoints, type Money, parseMoney } from '../money';

/**
 * Team rebates (specification points 1, 6, 9; docs/money.md, "Team rebates"). Three levels above a
 * member earn from what the member does:
 * - bet rebate: a share (basis points, per level) of the member's valid bet turnover;
 * - recharge rebate: a share of the member's credited recharges;
 * - register rebate: a fixed reward per level, once, when the invitation becomes
 *   effective (the member binds a wallet or a bank card).
 * Amounts are truncated toward zero, once per beneficiary, level and coin.
 */

export type RebateKind = 'bet' | 'recharge' | 'register';
export const REBATE_KINDS = ['bet', 'recharge', 'register'] as const satisfies readonly RebateKind[];

/** Per level 1..3, in that order. */
export interface RebateRates {
  betBps: readonly [number, number, number];
  rechargeBps: readonly [number, number, number];
  registerReward: readonly [Money, Money, Money];
}

export const DEFAULT_REBATE_RATES: RebateRates = {
  betBps: [30, 20, 10],
  rechargeBps: [100, 50, 25],
  registerReward: [100n, 50n, 20n],
};

const MAX_BPS = 10_000;

/** "30,20,10" -> three basis-point rates; undefined when not three whole numbers in 0..10000. */
export function parseLevelBps(text: string): [number, number, number] | undefined {
  const parts = text.split(',').map((part) => part.trim());
  if (parts.length !== REBATE_TIERS.length || parts.some((part) => !/^\d{1,5}$/.test(part))) return undefined;
  const values = parts.map(Number);
  return values.every((value) => value <= MAX_BPS) ? (values as [number, number, number]) : undefined;
}

/** "1.00,0.50,0.20" -> three amounts; undefined when malformed. */
export function parseLevelAmounts(text: string): [Money, Money, Money] | undefined {
  const parts = text.split(',').map((part) => parseMoney(part.trim()));
  if (parts.length !== REBATE_TIERS.length) return undefined;
  const values: Money[] = [];
  for (const part of parts) {
    if (!part.ok) return undefined;
    values.push(part.value);
  }
  return values as [Money, Money, Money];
}

/** The level's rate of a kind (basis points), or its fixed reward for 'register'. */
export function rebateFor(kind: RebateKind, level: number, base: Money, rates: RebateRates): Money {
  const index = level - 1;
  if (index < 0 || index >= REBATE_TIERS.length) return 0n;
  if (kind === 'register') return (rates.registerReward[index] ?? 0n) * base;
  const bps = (kind === 'bet' ? rates.betBps : rates.rechargeBps)[index] ?? 0;
  return applyBasisPoints(base, bps);
}

/** One member's activity: turnover, recharges, or (register) a count of effective invitations. */
export interface MemberAmount {
  userId: number;
  asset: string;
  amount: Money;
}

export interface RebateLine {
  beneficiary: number;
  level: number;
  asset: string;
  /** The summed base the rebate is computed on (turnover, recharges or effective invitees). */
  base: Money;
  amount: Money;
}

/**
 * The rebates a set of member amounts earns up a parent tree (the reference
 * rule; the job computes the same bases in SQL and applies `rebateFor`). Bases
 * are summed per beneficiary, level and asset before the rate is applied.
 */
export function rebatesOf(
  parentOf: ReadonlyMap<number, number | null>,
  amounts: readonly MemberAmount[],
  kind: RebateKind,
  rates: RebateRates,
): RebateLine[] {
  const bases = new Map<string, { beneficiary: number; level: number; asset: string; base: Money }>();
  for (const { userId, asset, amount } of amounts) {
    let ancestor = parentOf.get(userId) ?? null;
    for (const level of REBATE_TIERS) {
      if (ancestor === null) break;
      const key = `${ancestor}:${level}:${asset}`;
      const entry = bases.get(key) ?? { beneficiary: ancestor, level, asset, base: 0n };
      entry.base += amount;
      bases.set(key, entry);
      ancestor = parentOf.get(ancestor) ?? null;
    }
  }
  return [...bases.values()]
    .map((entry) => ({ ...entry, amount: rebateFor(kind, entry.level, entry.base, rates) }))
    .filter((line) => line.amount > 0n)
    .sort((a, b) => a.beneficiary - b.beneficiary || a.level - b.level || a.asset.localeCompare(b.asset));
}

/** The UTC offset of `zone` at `at`, in milliseconds (local minus UTC). */
/** One formatter per zone, kept: building one costs far more than using it. */
const offsetFormats = new Map<string, Intl.DateTimeFormat>();

function offsetAt(at: Date, zone: string): number {
  let format = offsetFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    if (offsetFormats.size < 1_000) offsetFormats.set(zone, format);
  }
  const parts = format.formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const local = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return local - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant local midnight starts `date` ("YYYY-MM-DD") in `zone`. */
export function startOfLocalDay(date: string, zone: string): Date {
  const guess = Date.parse(`${date}T00:00:00Z`);
  let start = guess - offsetAt(new Date(guess), zone);
  // Once more with the offset at the first estimate: right across a daylight-saving change.
  start = guess - offsetAt(new Date(start), zone);
  return new Date(start);
}

/** [start, end) of the platform day `date` in `zone` (23 or 25 hours long on a daylight-saving change). */
export function localDayBounds(date: string, zone: string): { start: Date; end: Date } {
  const next = new Date(Date.parse(`${date}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return { start: startOfLocalDay(date, zone), end: startOfLocalDay(next, zone) };
}

/**
 * The part of a member's day of recharges (in one coin) that stayed: recharged minus what they asked
 * to withdraw in that coin the same day (not rejected), never below zero. Recharge rebates are paid
 * on it, so money cycled in and straight out earns nothing (docs/money.md).
 */
export function retainedRecharge(recharged: Money, withdrawn: Money): Money {
  const kept = recharged - withdrawn;
  return kept > 0n ? kept : 0n;
}

/**
 * What one recharge-then-withdraw cycle through a chain of the operator's own accounts nets, in basis
 * points of the amount, when the money leaves on another day than it came (so retainedRecharge does
 * not catch it): the three levels' recharge rebates minus the withdrawal fee. Only when no bet
 * turnover is required (multiple 0); with turnover the bets cost the house edge, counted elsewhere.
 * Positive means the settings pay people to cycle money: the operator is warned.
 */
export function rechargeCycleProfitBps(rates: RebateRates, withdrawFeeBps: number, turnoverMultipleBps: number): number {
  if (turnoverMultipleBps > 0) return 0;
  const rebates = rates.rechargeBps.slice(0, REBATE_TIERS.length).reduce((sum, bps) => sum + bps, 0);
  return Math.max(0, rebates - withdrawFeeBps);
}
