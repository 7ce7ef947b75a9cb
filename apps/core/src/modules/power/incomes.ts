import { formatBps, formatMoney, type IncomeEntry } from '@prism/domain';
import { sql } from 'drizzle-orm';
import { jsonValue, type Scalar } from '../../db/scalars';

const INCOME_LIST_SIZE = 10;

/** getUserInfo incomeList, as one value of its statement: the latest incomes paid, one per holding and day (power_incomes_user). */
export function incomeListScalar(userId: number): Scalar<IncomeEntry[]> {
  return {
    sql: sql`select json_agg(json_build_object('amount', i.amount::text, 'day', i.day, 'rateBps', i.rate_bps) order by i.day desc, i.holding_id desc)
      from (select amount, day, rate_bps, holding_id from power_incomes where user_id = ${userId}
            order by day desc, holding_id desc limit ${INCOME_LIST_SIZE}) i`,
    read: (value) =>
      (jsonValue<{ amount: string; day: string; rateBps: number }[] | null>(value) ?? []).map((row) => ({
        incomeAmount: formatMoney(BigInt(row.amount)),
        incomeDate: row.day,
        incomeRate: formatBps(row.rateBps),
      })),
  };
}
