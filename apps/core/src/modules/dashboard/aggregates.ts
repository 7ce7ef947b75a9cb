import { type SQL, sql } from 'drizzle-orm';
import { type Database, type Executor, queryRows } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { roomOfTransferSql } from '../game';
import { transfersAfterSql } from '../ledger';

/** Transfers folded into the aggregates per transaction: a refresh never holds the watermark long. */
export const REFRESH_BATCH = 5_000;

/**
 * A transfer id can be taken by a transaction that commits after later ids are visible (or never,
 * when it rolls back). The refresh stops before a missing id until the first transfer after it is
 * this old: a money transaction never stays open that long, so by then the id is gone for good.
 */
export const GAP_GRACE_MS = 120_000;

/** The watermark row's id (a single-row table). */
const WATERMARK = 1;

/**
 * The transfers of `moved` (columns of the ledger's transfersAfterSql) as aggregate rows: per
 * transfer its own type, and for the house account a '~house' row with the signed change (in
 * positive, out negative). Days are UTC. Columns: id, day, coin, kind, room, amount.
 */
export function classifiedSql(moved: SQL): SQL {
  return sql`select m.id, (m.created_at at time zone 'UTC')::date as day, m.asset as coin, k.kind,
           ${roomOfTransferSql(sql`m.reference`)} as room, k.amount
      from (${moved}) m
      cross join lateral (values
        (m.type, m.amount::bigint),
        ('~house', case when m.to_system = 'house' then m.amount::bigint when m.from_system = 'house' then -m.amount::bigint end)
      ) as k(kind, amount)
     where k.amount is not null`;
}

/**
 * Of the transfers after `watermark` (ids ascending, as read), the last id that may be folded: the
 * ids must follow each other, except across a gap older than `graceMs` (a rolled-back id).
 */
export function safeEnd(watermark: number, rows: readonly { id: number; createdAt: Date }[], now: Date, graceMs = GAP_GRACE_MS): number {
  let end = watermark;
  for (const row of rows) {
    if (row.id !== end + 1 && now.getTime() - row.createdAt.getTime() < graceMs) break;
    end = row.id;
  }
  return end;
}

export interface RefreshResult {
  /** Transfers folded in by this call. */
  folded: number;
  watermark: number;
  /** Whether the batch was full: call again to catch up. */
  more: boolean;
}

/**
 * Folds the next batch of transfers into the daily sums, in one transaction that holds the
 * watermark row (FOR UPDATE): a second refresher waits, then reads the moved watermark, so each
 * transfer is counted exactly once whatever the number of processes.
 */
export async function refreshAggregates(db: Database, clock: Clock, batch = REFRESH_BATCH): Promise<RefreshResult> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`insert into dashboard_watermark (id, last_transfer_id, updated_at) values (${WATERMARK}, 0, ${now.toISOString()}::timestamptz)
          on conflict (id) do nothing`,
    );
    const [mark] = await queryRows<{ last: string }>(
      tx,
      sql`select last_transfer_id::text as last from dashboard_watermark where id = ${WATERMARK} for update`,
    );
    const watermark = Number(mark?.last ?? 0);
    const seen = await queryRows<{ id: string; created_at: Date | string }>(
      tx,
      // Ordered by the number (an output column named id would sort as text: '10000' before '2').
      sql`select m.id::text as id, m.created_at from (${transfersAfterSql(sql`${watermark}`, batch)}) m order by m.id`,
    );
    const rows = seen.map((row) => ({ id: Number(row.id), createdAt: new Date(row.created_at) }));
    const end = safeEnd(watermark, rows, now);
    const folded = rows.filter((row) => row.id <= end).length;
    if (folded > 0) await foldRange(tx, watermark, end, batch);
    await tx.execute(
      sql`update dashboard_watermark set last_transfer_id = ${end}, updated_at = ${now.toISOString()}::timestamptz where id = ${WATERMARK}`,
    );
    return { folded, watermark: end, more: seen.length === batch && folded === seen.length };
  });
}

/**
 * Adds the transfers in (after, upTo] to the daily sums and the players' last bets. Read again by
 * the same bound: an old gap's transfer that became visible since is in the range, and counted once.
 */
async function foldRange(tx: Executor, after: number, upTo: number, batch: number): Promise<void> {
  const moved = sql`select * from (${transfersAfterSql(sql`${after}`, batch)}) r where r.id <= ${upTo}`;
  await tx.execute(
    sql`insert into dashboard_daily as d (day, coin, kind, room, transfers, amount)
        select day, coin, kind, room, count(*), sum(amount) from (${classifiedSql(moved)}) c
        group by day, coin, kind, room
        order by day, coin, kind, room
        on conflict (day, coin, kind, room) do update
          set transfers = d.transfers + excluded.transfers, amount = d.amount + excluded.amount`,
  );
  await tx.execute(
    sql`insert into dashboard_players as p (user_id, last_bet_at)
        select from_user_id, max(created_at) from (${moved}) m where m.type = 'bet' and m.from_user_id is not null
        group by from_user_id order by from_user_id
        on conflict (user_id) do update set last_bet_at = greatest(p.last_bet_at, excluded.last_bet_at)`,
  );
}

/** Refreshes until caught up or `maxBatches` ran (a job's turn stays bounded); answers the transfers folded. */
export async function catchUp(db: Database, clock: Clock, maxBatches = 200, batch = REFRESH_BATCH): Promise<number> {
  let total = 0;
  for (let i = 0; i < maxBatches; i++) {
    const result = await refreshAggregates(db, clock, batch);
    total += result.folded;
    if (!result.more) break;
  }
  return total;
}
