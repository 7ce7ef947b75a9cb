import {
  AppError,
  changeLimits,
  checkDeposit,
  type DepositLimits,
  effectiveLimits,
  formatMoney,
  isExcluded,
  LIMIT_PERIODS,
  type LimitPeriod,
  limitWindowStart,
  type Money,
  type ProtectionSettings,
} from '@prism/domain';
import type { Executor } from '../../db/client';
import { lockedRow, type ProtectionServiceDeps, refuseIfExcluded, rowOf, stateOf, updateRow, wire } from './context';

const windowStarts = (now: Date, zone: string) =>
  Object.fromEntries(LIMIT_PERIODS.map((p) => [p, limitWindowStart(p, now, zone).toISOString()])) as Record<LimitPeriod, string>;

export async function protectionSettings(deps: ProtectionServiceDeps, userId: number): Promise<ProtectionSettings> {
  const { db, clock, config } = deps;
  const now = clock.now();
  const zone = await config.timeZone();
  const row = await rowOf(db, userId);
  const state = stateOf(row);
  const pendingLive = state.pending && state.pendingFrom && state.pendingFrom.getTime() > now.getTime();
  const used = await deps.cashRechargedSince(db, userId, windowStarts(now, zone));
  return {
    excludedUntil: row?.excludedUntil && isExcluded(row.excludedUntil, now) ? row.excludedUntil.toISOString() : null,
    limits: wire(effectiveLimits(state, now)),
    pendingLimits: pendingLive && state.pending ? wire(state.pending) : null,
    pendingFrom: pendingLive && state.pendingFrom ? state.pendingFrom.toISOString() : null,
    used: { day: formatMoney(used.day), week: formatMoney(used.week), month: formatMoney(used.month) },
    realityCheckMinutes: row?.realityCheckMinutes ?? 0,
  };
}

export async function setDepositLimits(deps: ProtectionServiceDeps, userId: number, requested: DepositLimits): Promise<void> {
  const { clock } = deps;
  await deps.db.transaction(async (tx) => {
    const next = changeLimits(stateOf(await lockedRow(tx, clock, userId)), requested, clock.now());
    await updateRow(tx, clock, userId, {
      limitDay: next.current.day,
      limitWeek: next.current.week,
      limitMonth: next.current.month,
      pendingDay: next.pending?.day ?? null,
      pendingWeek: next.pending?.week ?? null,
      pendingMonth: next.pending?.month ?? null,
      pendingFrom: next.pendingFrom,
    });
  });
}

/**
 * Inside the recharge order's transaction: refuses while excluded and over any
 * deposit limit (CASH gateway orders). `zone` is read before the transaction.
 */
export async function checkRecharge(deps: ProtectionServiceDeps, tx: Executor, userId: number, amount: Money, zone: string): Promise<void> {
  const now = deps.clock.now();
  // Locked: concurrent orders of one user queue here, and each then sums the orders committed
  // before it (a plain read let 20 concurrent orders all see the same unused limit).
  const row = await rowOf(tx, userId, true);
  if (!row) return;
  refuseIfExcluded(row.excludedUntil, now);
  const limits = effectiveLimits(stateOf(row), now);
  if (LIMIT_PERIODS.every((p) => limits[p] === null)) return;
  const check = checkDeposit(limits, await deps.cashRechargedSince(tx, userId, windowStarts(now, zone)), amount);
  if (!check.ok) {
    const key = check.period === 'day' ? 'DEPOSIT_LIMIT_DAY' : check.period === 'week' ? 'DEPOSIT_LIMIT_WEEK' : 'DEPOSIT_LIMIT_MONTH';
    throw new AppError(key, {}, { remaining: formatMoney(check.remaining) });
  }
}

/**
 * Inside the callback's transaction, before a paid order is credited: whether `amount` still fits
 * every limit, counting what was credited in each window. False when a limit lowered since the
 * order (or orders made in an earlier window) would be passed: the order is then not credited.
 * The row lock serialises the user's concurrent callbacks (and orders). `zone` is read before.
 */
export async function fitsAtCredit(
  deps: ProtectionServiceDeps,
  tx: Executor,
  userId: number,
  amount: Money,
  zone: string,
): Promise<boolean> {
  const now = deps.clock.now();
  const row = await rowOf(tx, userId, true);
  if (!row) return true;
  const limits = effectiveLimits(stateOf(row), now);
  if (LIMIT_PERIODS.every((p) => limits[p] === null)) return true;
  return checkDeposit(limits, await deps.cashCreditedSince(tx, userId, windowStarts(now, zone)), amount).ok;
}
