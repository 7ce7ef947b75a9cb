import type { Asset } from '@prism/domain';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';

/**
 * Per user and coin, the withdrawals waiting for review: money that has left the player's balance
 * for "withdrawals in flight" and is still owed to them (the proof of liabilities counts it). The
 * pending set is small (reviewed within hours), so it is read whole, through the status index.
 */
export async function pendingWithdrawalsByUser(db: Executor): Promise<{ userId: number; coin: Asset; amount: bigint }[]> {
  const rows = await queryRows<{ user_id: string | number; currency: Asset; amount: string }>(
    db,
    sql`select user_id, currency, sum(amount)::text as amount from withdrawals
        where status = 'pending_review' group by user_id, currency`,
  );
  return rows.map((row) => ({ userId: Number(row.user_id), coin: row.currency, amount: BigInt(row.amount) }));
}
