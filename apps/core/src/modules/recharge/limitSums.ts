import type { Money } from '@prism/domain';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';

/** The starts of the deposit-limit windows (ISO instants), as protection computes them. */
export interface LimitWindowStarts {
  day: string;
  week: string;
  month: string;
}

/** CASH sums per deposit-limit window. */
export interface CashSums {
  day: Money;
  week: Money;
  month: Money;
}

type Sums = { day: string | null; week: string | null; month: string | null };
const sumsOf = (row: Sums | undefined): CashSums => ({
  day: BigInt(row?.day ?? '0'),
  week: BigInt(row?.week ?? '0'),
  month: BigInt(row?.month ?? '0'),
});

/** CASH recharged (orders pending or paid) since each window's start: an unpaid order counts until it fails. */
export async function cashRechargedSince(tx: Executor, userId: number, starts: LimitWindowStarts): Promise<CashSums> {
  const [row] = await queryRows<Sums>(
    tx,
    sql`select sum(amount) filter (where created_at >= ${starts.day}::timestamptz)::text as day,
               sum(amount) filter (where created_at >= ${starts.week}::timestamptz)::text as week,
               sum(amount) filter (where created_at >= ${starts.month}::timestamptz)::text as month
          from recharge_orders
         where user_id = ${userId} and currency = 'CASH' and status in ('pending', 'paid')
           and created_at >= ${starts.month < starts.week ? starts.month : starts.week}::timestamptz`,
  );
  return sumsOf(row);
}

/**
 * CASH credited (orders paid) in each window, by when they were credited: what the limit
 * bounds at crediting time (an order made yesterday and paid today counts today).
 */
export async function cashCreditedSince(tx: Executor, userId: number, starts: LimitWindowStarts): Promise<CashSums> {
  const [row] = await queryRows<Sums>(
    tx,
    sql`select sum(amount) filter (where completed_at >= ${starts.day}::timestamptz)::text as day,
               sum(amount) filter (where completed_at >= ${starts.week}::timestamptz)::text as week,
               sum(amount) filter (where completed_at >= ${starts.month}::timestamptz)::text as month
          from recharge_orders
         where user_id = ${userId} and currency = 'CASH' and status = 'paid'
           and completed_at >= ${starts.month < starts.week ? starts.month : starts.week}::timestamptz`,
  );
  return sumsOf(row);
}
