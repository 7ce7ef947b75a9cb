import { AppError, addDays, localDate, localDayBounds, type Money } from '@prism/domain';
import type { Executor } from '../../db/client';
import { refuseWhileExcluded } from '../protection';

/**
 * The platform days a holding opened now earns, `days` of them, and the end of
 * its last day (when the daily job matures it). Follow-invest earns from
 * `today` (paid at the next 00:00); a fixed deposit from `tomorrow`, its first
 * full day.
 */
export function holdingTerm(days: number, now: Date, zone: string, firstDay: 'today' | 'tomorrow') {
  const today = localDate(now, zone);
  const startDay = firstDay === 'today' ? today : addDays(today, 1);
  const endDay = addDays(startDay, days - 1);
  return { startDay, endDay, end: localDayBounds(endDay, zone).end };
}

/** Refuses an amount under the product's minimum (its price, or its minimum amount). */
export function refuseBelowMinimum(amount: Money, minimum: Money): void {
  if (amount < minimum) throw new AppError('INVEST_BELOW_MIN');
}

/** What every product checks, inside the opening's transaction, before a holding opens: the minimum, then self-exclusion. */
export async function refuseOpening(tx: Executor, userId: number, amount: Money, minimum: Money, now: Date): Promise<void> {
  refuseBelowMinimum(amount, minimum);
  await refuseWhileExcluded(tx, userId, now);
}
