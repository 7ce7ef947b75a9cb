import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { transfersPerReference } from '../ledger';

/**
 * Each day and kind of rebate paid once, exactly as its rebate_periods row
 * records it: no rebate transfer without a period row, and the row's count and
 * total equal the transfers'. Returns what is wrong (empty when all holds); the
 * simulation's invariants and the team tests call it.
 */
export async function checkRebates(db: Executor): Promise<string[]> {
  const rows = await queryRows<{ reference: string; recorded: string | null; paid: string | null }>(
    db,
    sql`with paid as (
          ${transfersPerReference('rebate')}
        ), recorded as (
          select 'rebate:' || kind || ':' || to_char(period, 'YYYY-MM-DD') as reference, transfers, total from rebate_periods
        )
        select coalesce(paid.reference, recorded.reference) as reference,
               recorded.transfers || '/' || recorded.total as recorded, paid.transfers || '/' || paid.total as paid
        from paid full outer join recorded on recorded.reference = paid.reference
        where recorded.reference is null
           or coalesce(paid.transfers, 0) <> recorded.transfers
           or coalesce(paid.total, 0) <> recorded.total`,
  );
  return rows.map((r) => `rebates ${r.reference}: recorded ${r.recorded ?? 'nothing'}, paid ${r.paid ?? 'nothing'}`);
}
