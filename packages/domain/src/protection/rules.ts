import type { Money } from '../money';
import { localDayBounds } from '../team/rebates';
import { localDate } from '../wallet/window';

/**
 * Player protection (docs/protection.md): self-exclusion, deposit limits and the
 * reality check. Pure rules; the server stores the state and enforces them.
 */

export const EXCLUSION_PERIODS = ['24h', '7d', '30d', '6m'] as const;
export type ExclusionPeriod = (typeof EXCLUSION_PERIODS)[number];
export const REALITY_CHECK_MINUTES = [0, 15, 30, 60] as const;
export const LIMIT_PERIODS = ['day', 'week', 'month'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

/** A raised or removed deposit limit takes effect only this long after the request. */
export const LIMIT_RAISE_DELAY_MS = 24 * 3_600_000;
/** A gap between bets longer than this ends a play session. */
export const PLAY_GAP_MS = 30 * 60_000;
/** The longest self-exclusion that may be chosen by date (about five years). */
export const MAX_EXCLUSION_MS = 5 * 366 * 86_400_000;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** When an exclusion of `period` chosen at `now` ends. Six months are calendar months (UTC). */
export function exclusionEnd(now: Date, period: ExclusionPeriod): Date {
  if (period === '24h') return new Date(now.getTime() + DAY);
  if (period === '7d') return new Date(now.getTime() + 7 * DAY);
  if (period === '30d') return new Date(now.getTime() + 30 * DAY);
  const end = new Date(now);
  end.setUTCMonth(end.getUTCMonth() + 6);
  return end;
}

export type ExclusionChange = { ok: true; until: Date } | { ok: false; reason: 'SHORTER' | 'NOT_FUTURE' | 'TOO_LONG' };

/** An exclusion can be lengthened, never shortened: the new end must be later than the current one (if still running). */
export function changeExclusion(current: Date | null, requested: Date, now: Date): ExclusionChange {
  if (requested.getTime() <= now.getTime()) return { ok: false, reason: 'NOT_FUTURE' };
  if (requested.getTime() - now.getTime() > MAX_EXCLUSION_MS) return { ok: false, reason: 'TOO_LONG' };
  if (current && current.getTime() > now.getTime() && requested.getTime() <= current.getTime()) return { ok: false, reason: 'SHORTER' };
  return { ok: true, until: requested };
}

export function isExcluded(until: Date | null, now: Date): boolean {
  return until !== null && until.getTime() > now.getTime();
}

/** Deposit limits per period; null is "no limit". */
export type DepositLimits = Record<LimitPeriod, Money | null>;
export const NO_LIMITS: DepositLimits = { day: null, week: null, month: null };

export interface LimitState {
  current: DepositLimits;
  /** The limits requested, in force from `pendingFrom` (only when something was raised or removed). */
  pending: DepositLimits | null;
  pendingFrom: Date | null;
}

const lower = (a: Money | null, b: Money | null): Money | null => (a === null ? b : b === null ? a : a < b ? a : b);
const sameLimits = (a: DepositLimits, b: DepositLimits) => LIMIT_PERIODS.every((p) => a[p] === b[p]);

/** The limits in force at `now`: a pending raise applies once its 24 hours have passed. */
export function effectiveLimits(state: LimitState, now: Date): DepositLimits {
  if (state.pending && state.pendingFrom && now.getTime() >= state.pendingFrom.getTime()) return state.pending;
  return state.current;
}

/**
 * A new request: every lowering applies at once; raises and removals wait 24 hours
 * (a new request replaces an earlier pending one and restarts the wait).
 */
export function changeLimits(state: LimitState, requested: DepositLimits, now: Date): LimitState {
  const inForce = effectiveLimits(state, now);
  const current = {
    day: lower(inForce.day, requested.day),
    week: lower(inForce.week, requested.week),
    month: lower(inForce.month, requested.month),
  };
  if (sameLimits(current, requested)) return { current, pending: null, pendingFrom: null };
  return { current, pending: { ...requested }, pendingFrom: new Date(now.getTime() + LIMIT_RAISE_DELAY_MS) };
}

/** Start of the day, week (Monday) or calendar month containing `now`, in the platform time zone. */
export function limitWindowStart(period: LimitPeriod, now: Date, zone: string): Date {
  const today = localDate(now, zone);
  if (period === 'day') return localDayBounds(today, zone).start;
  if (period === 'month') return localDayBounds(`${today.slice(0, 8)}01`, zone).start;
  const noon = new Date(`${today}T12:00:00Z`);
  const sinceMonday = (noon.getUTCDay() + 6) % 7;
  return localDayBounds(new Date(noon.getTime() - sinceMonday * DAY).toISOString().slice(0, 10), zone).start;
}

export type DepositCheck = { ok: true } | { ok: false; period: LimitPeriod; remaining: Money };

/** Whether `amount` fits in every limit, given what was already deposited in each window. */
export function checkDeposit(limits: DepositLimits, used: Record<LimitPeriod, Money>, amount: Money): DepositCheck {
  for (const period of LIMIT_PERIODS) {
    const limit = limits[period];
    if (limit === null) continue;
    const remaining = limit > used[period] ? limit - used[period] : 0n;
    if (amount > remaining) return { ok: false, period, remaining };
  }
  return { ok: true };
}

/** The current play session from bet times (newest first): bets no more than 30 minutes apart; null once idle 30 minutes. */
export function playSession(betTimesNewestFirst: readonly Date[], now: Date): { start: Date; last: Date } | null {
  const [last] = betTimesNewestFirst;
  if (!last || now.getTime() - last.getTime() > PLAY_GAP_MS) return null;
  let start = last;
  for (const t of betTimesNewestFirst.slice(1)) {
    if (start.getTime() - t.getTime() > PLAY_GAP_MS) break;
    start = t;
  }
  return { start, last };
}

/** A reality check is due every `minutes` of a play session, counted from its start or the last acknowledgement in it. */
export function realityCheckDue(minutes: number, session: { start: Date } | null, acknowledgedAt: Date | null, now: Date): boolean {
  if (minutes <= 0 || !session) return false;
  const from = acknowledgedAt && acknowledgedAt.getTime() > session.start.getTime() ? acknowledgedAt : session.start;
  return now.getTime() - from.getTime() >= minutes * 60_000;
}
