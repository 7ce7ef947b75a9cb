import { needsSecondApproval, type Paged } from '@prism/domain';
import { count, desc, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { loadWalletConfig, WALLET_CURRENCIES } from '../wallet';
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

/** A row of the operators' queue: with the user and the four-eyes state (docs/money.md, "Money out"). */
export type OperatorWithdrawal = WithdrawalView & { userId: number; secondApprovalNeeded: boolean; firstApprovedBy: string | null };

export async function listWithdrawalsForOperators(db: Database, status: string | undefined, limit: number): Promise<OperatorWithdrawal[]> {
  const rows = await db
    .select()
    .from(withdrawals)
    .where(status ? eq(withdrawals.status, status) : ne(withdrawals.status, ''))
    .orderBy(desc(withdrawals.id))
    .limit(limit);
  const thresholds = new Map<string, bigint>();
  for (const currency of WALLET_CURRENCIES) thresholds.set(currency, (await loadWalletConfig(db, currency)).secondApprovalAbove);
  return rows.map((row) => ({
    ...toWithdrawalView(row),
    userId: row.userId,
    secondApprovalNeeded: needsSecondApproval(row.amount, thresholds.get(row.currency) ?? 0n),
    firstApprovedBy: row.firstApprovedBy,
  }));
}
