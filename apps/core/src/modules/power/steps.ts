import type { Asset } from '@prism/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import type { DailyChunk, DailyChunkSql, DailyContext, DailyPage, DailyStep } from '../earning';
import { recordReceivedTurnover, systemBatchSql } from '../ledger';

/**
 * The task platform's daily steps (docs/money.md "Power"), in this order within
 * a day: income, then the management fee charged against it, then maturity.
 * Each call pays one chunk (the job's page: holdings with ids above `after`, at
 * most `limit`, each chunk its own transaction) in ONE statement: the page is
 * selected, the amounts computed (power_share, the SQL twin of powerDailyIncome
 * and powerDailyFee, tied by dailySql.pg.test.ts), the power rows written and the
 * money moved through the ledger's `ledger_system_batch` (transferBatch's rules,
 * keys and meta), so no holding passes through Node (docs/performance.md, "The
 * daily earning job"). Income and fee run that statement inside a function of
 * their own (drizzle/0046_power_chunks.sql), planned once per connection.
 * Amounts come from the holdings' own days, never from "now", so a caught-up
 * day pays exactly what it would have paid on time. A
 * holding counts as paid for the day by its own record (its power_incomes row,
 * its fee, its matured_at), so a chunk that committed is never taken again; the
 * ledger keys per holding and day are a second guard (unique).
 */

/** What a chunk's statement answers: the page it looked at and what it moved. */
type ChunkRow = { seen: number; last: string | null; rows: number; total: string };

/** `run` for a step given as SQL: the chunk's statement in the caller's transaction (the job uses `chunkSql` itself). */
async function runAsSql(step: Pick<DailyStep, 'chunkSql'>, tx: Executor, day: DailyContext, page: DailyPage): Promise<DailyChunk> {
  const paid = step.chunkSql?.(day, page, sql`true`);
  if (!paid) throw new Error('a step run as SQL needs chunkSql');
  const [row] = await queryRows<ChunkRow>(tx, sql`with ${paid.ctes} ${paid.chunk}`);
  return chunkOf(row, page);
}

/** The chunk's result: its continuation is the page's last id when the page came back full. */
function chunkOf(row: ChunkRow | undefined, page: DailyPage): DailyChunk {
  const seen = Number(row?.seen ?? 0);
  return {
    rows: Number(row?.rows ?? 0),
    total: BigInt(row?.total ?? '0'),
    next: seen < page.limit || row?.last == null ? null : Number(row.last),
  };
}

/**
 * A chunk of income or fee as its function (drizzle/0046_power_chunks.sql): the statement these steps
 * built for every chunk until the thirteenth round (docs/performance.md, "The daily earning job"),
 * now parsed and planned once per connection. `open` is the function's argument, so what the chunk
 * pays depends on it (DailyStep.chunkSql).
 */
const chunkCall = (
  fn: 'power_income_chunk' | 'power_fee_chunk',
  { day, now }: DailyContext,
  page: DailyPage,
  open: SQL,
): DailyChunkSql => ({
  ctes: sql`power_chunk as materialized (
      select * from ${sql.raw(fn)}(${day}::text, ${now.toISOString()}::timestamptz, ${page.after}::bigint, ${page.limit}::integer, ${open}))`,
  chunk: sql`select seen, last::text as last, rows, total::text as total, false as defer from power_chunk`,
});

/** Income for the day: power x daily rate on every holding whose term covers it, from 'power_income'. */
export const powerIncomeStep: DailyStep = {
  name: 'power-income',
  run(tx, day, page) {
    return runAsSql(powerIncomeStep, tx, day, page);
  },
  chunkSql: (day, page, open) => chunkCall('power_income_chunk', day, page, open),
};

/**
 * The management fee for the day on every holding that earned it: power x fee
 * rate, from the holder's balance of the coin ("personal chips") to
 * 'power_fees', never more than the balance holds: the ledger caps each debit at
 * the balance it reads under lock, less the fees before it in id order (a user
 * with several holdings; a user's holdings in a later chunk see the balance the
 * earlier chunk left). The fee charged, 0 included, is kept on the income row.
 */
export const powerFeeStep: DailyStep = {
  name: 'power-fee',
  run(tx, day, page) {
    return runAsSql(powerFeeStep, tx, day, page);
  },
  chunkSql: (day, page, open) => chunkCall('power_fee_chunk', day, page, open),
};

/** The holdings maturing in a chunk: their term ends on the day, not matured yet, by id. */
const maturingPage = (day: string, page: DailyPage, open: SQL) => sql`
  select id from power_holdings where end_day = ${day}::date and matured_at is null and id > ${page.after} and ${open}
  order by id limit ${page.limit}`;

/**
 * Maturity at the end of a holding's last day: its price back from 'power_stakes',
 * its power gone (a record). A gift's price arrives with the giver's lock it
 * carried: those few holdings (gifts of locked money only) need Node for
 * recordReceivedTurnover, after the transfers (accounts before turnover rows, as
 * everywhere), so `chunkSql` defers a page that holds one to `run`.
 */
export const powerMaturityStep: DailyStep = {
  name: 'power-maturity',
  async run(tx: Executor, { day, now }: DailyContext, page: DailyPage): Promise<DailyChunk> {
    const at = now.toISOString();
    const [row] = await queryRows<ChunkRow & { locked: { user_id: number; coin: Asset; principal: string; required: string }[] | null }>(
      tx,
      sql`with matured as materialized (
          update power_holdings set matured_at = ${at}::timestamptz
          where id in (${maturingPage(day, page, sql`true`)})
          returning id, user_id, coin, price, power, ledger_shard, lock_principal, lock_required),
        ${maturedMoves(day, at)}
        select (select count(*) from matured)::int as seen, (select max(id) from matured)::text as last,
               (select count(*) from recorded)::int as rows, (select coalesce(sum(price), 0) from matured)::text as total,
               cardinality(${systemBatchSql({ system: 'power_stakes', toSystem: false, cap: false, type: 'power_maturity', now }, 'moves')}) as moved,
               (select json_agg(json_build_object('user_id', user_id, 'coin', coin, 'principal', lock_principal::text,
                                                  'required', lock_required::text) order by id)
                from matured where lock_principal > 0) as locked`,
    );
    for (const lock of row?.locked ?? []) {
      await recordReceivedTurnover(tx, Number(lock.user_id), lock.coin, {
        principal: BigInt(lock.principal),
        required: BigInt(lock.required),
      });
    }
    return chunkOf(row, page);
  },
  chunkSql({ day, now }: DailyContext, page: DailyPage, open: SQL): DailyChunkSql {
    const at = now.toISOString();
    return {
      ctes: sql`maturing as materialized (${maturingPage(day, page, open)}),
        deferred as materialized (
          select exists (select 1 from power_holdings h join maturing m on m.id = h.id where h.lock_principal > 0) as yes),
        matured as materialized (
          update power_holdings set matured_at = ${at}::timestamptz
          where id in (select id from maturing) and not (select yes from deferred)
          returning id, user_id, coin, price, power, ledger_shard, lock_principal, lock_required),
        ${maturedMoves(day, at)}`,
      chunk: sql`select (select count(*) from matured)::int as seen, (select max(id) from matured)::text as last,
               (select count(*) from recorded)::int as rows, (select coalesce(sum(price), 0) from matured)::text as total,
               cardinality(${systemBatchSql({ system: 'power_stakes', toSystem: false, cap: false, type: 'power_maturity', now }, 'moves')}) as moved,
               (select yes from deferred) as defer`,
    };
  },
};

/** Maturity's records and ledger moves, from the CTE `matured` (its holdings, updated). */
const maturedMoves = (day: string, at: string) => sql`
        recorded as (
          insert into power_records (user_id, holding_id, type, amount, counterparty, created_at)
          select user_id, id, 'maturity', -power, '', ${at}::timestamptz from matured order by id
          returning 1),
        moves as (
          select id as ord, coin as asset, user_id, ledger_shard as shard, price as amount, 'power_holding:' || id as reference,
                 'power-maturity:' || id as idempotency_key,
                 jsonb_build_object('kind', 'power_maturity', 'holdingId', id, 'day', ${day}::text) as meta
          from matured)`;

export const POWER_DAILY_STEPS: readonly DailyStep[] = [powerIncomeStep, powerFeeStep, powerMaturityStep];
