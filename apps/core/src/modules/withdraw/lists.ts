import type { Paged } from '@prism/domain';
import { count, desc, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { withdrawals } from './schema';
import { toWithdrawalView, type WithdrawalView } from './view';

export async function listMyWithdrawals(db: Database, userId: number, pageNo: number, pageSize: number): Promise<Paged<WithdrawalView>> {
  const mine = eq(withdrawals.userId, userId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(withdrawals)
      .where(mine)
      .orderBy(desc(withdrawals.id))
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize),
    db.select({ n: count() }).from(withdrawals).where(mine),
  ]);
  return { content: rows.map(toWithdrawalView), totalElements: total?.n ?? 0, pageNo };
}

export async function listWithdrawalsForOperators(
  db: Database,
  status: string | undefined,
  limit: number,
): Promise<(WithdrawalView & { userId: number })[]> {
  const rows = await db
    .select()
    .from(withdrawals)
    .where(status ? eq(withdrawals.status, status) : ne(withdrawals.status, ''))
    .orderBy(desc(withdrawals.id))
    .limit(limit);
  return rows.map((row) => ({ ...toWithdrawalView(row), userId: row.userId }));
}
