import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { auditedTransfersPerReference, systemBalancesByAsset } from '../ledger';

/**
 * The adjustments' books (a simulation invariant): per coin, approved credits minus approved debits
 * equal what left the `adjustments` system account; every approved adjustment moved money exactly
 * once, carrying its approval's audit id, and no pending or rejected one moved any.
 */
export async function checkAdjustments(db: Executor): Promise<string[]> {
  const sums = await queryRows<{ coin: string; approved: string; moved: string }>(
    db,
    sql`with approved as (
          select coin, sum(case when direction = 'credit' then amount else -amount end) as net
          from balance_adjustments where status = 'approved' group by coin
        ), moved as (select asset as coin, -balance as net from ${systemBalancesByAsset('adjustments')} s)
        select coalesce(a.coin, m.coin) as coin, coalesce(a.net, 0)::text as approved, coalesce(m.net, 0)::text as moved
        from approved a full outer join moved m on m.coin = a.coin
        where coalesce(a.net, 0) <> coalesce(m.net, 0)`,
  );
  const moves = await queryRows<{ id: number; status: string; transfers: number; carried: boolean }>(
    db,
    sql`select b.id, b.status, coalesce(t.transfers, 0)::int as transfers, coalesce(t.audit_id = b.decision_audit_id, false) as carried
        from balance_adjustments b left join (${auditedTransfersPerReference('adjustment')}) t on t.reference = 'adjustment:' || b.id
        where coalesce(t.transfers, 0) <> (case when b.status = 'approved' then 1 else 0 end)
           or (t.transfers is not null and t.audit_id is distinct from b.decision_audit_id)`,
  );
  return [
    ...sums.map((s) => `adjustments ${s.coin}: approved net ${s.approved}, the adjustments account moved ${s.moved}`),
    ...moves.map((m) => `adjustment ${m.id} (${m.status}): ${m.transfers} transfers, carrying its audit id: ${m.carried}`),
  ];
}
