import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type Executor, queryRows } from '../../db/client';
import type { DailyChunk, DailyChunkSql, DailyContext, DailyPage, DailyStep } from '../earning';
import { idempotencyKeyTakenSql, type SystemAccountName, systemBatchSql, type TransferType, transferBatchSql } from '../ledger';

/**
 * The two daily steps every holding product has, one chunk of holdings per
 * call (the job's page), each chunk ONE SQL statement as power's are
 * (docs/performance.md, "The daily earning job"): the page is selected, the
 * amounts computed (the products' SQL twins of their domain rules, migration
 * 0043, tied by dailySql.property.test.ts), the holdings' rows written and the
 * money moved by the ledger's SQL forms of transferBatch (`ledger_system_batch`,
 * `ledger_batch`), with the transfers, keys, references and meta the Node steps
 * wrote (steps.golden.api.test.ts compares them). Both compute from the
 * holding's copied terms and its day range only, never from "now", so catching
 * up missed days pays exactly what running each day on time would have. A
 * holding's day counts as paid by its ledger key (earnings) or its status
 * (maturity), so no chunk is paid twice.
 */

/** What a chunk's statement answers: the page it looked at and what it moved. */
export type ChunkRow = { seen: number; last: string | null; rows: number; total: string };

/** A chunk's statement: one row (ChunkRow) for the day and page, whatever it writes. */
export type ChunkStatement = (day: DailyContext, page: DailyPage) => SQL;

/**
 * A chunk as the job's `chunkSql` takes it: its CTEs, which pay nothing unless `open` holds (a data
 * dependency: the page is selected under it), and the SELECT giving its ChunkRow and `defer`.
 */
type ChunkParts = (day: DailyContext, page: DailyPage, open: SQL) => DailyChunkSql;

/** A daily step whose chunk is one statement, also handed out as such (`statement`). */
export type StatementStep = DailyStep & { statement: ChunkStatement };

/** The chunk's result: its continuation is the page's last id when the page came back full. */
export function chunkFromRow(row: ChunkRow | undefined, page: DailyPage): DailyChunk {
  const seen = Number(row?.seen ?? 0);
  return {
    rows: Number(row?.rows ?? 0),
    total: BigInt(row?.total ?? '0'),
    next: seen < page.limit || row?.last == null ? null : Number(row.last),
  };
}

/**
 * A step from its chunk's parts: the job pays a chunk as `chunkSql` (with its progress and claim rows,
 * one round trip: earning/job.ts), `run` and `statement` as one statement with nothing to guard.
 */
function statementStep(name: string, parts: ChunkParts): StatementStep {
  const statement: ChunkStatement = (day, page) => {
    const { ctes, chunk } = parts(day, page, sql`true`);
    return sql`with ${ctes} ${chunk}`;
  };
  return {
    name,
    statement,
    chunkSql: parts,
    async run(tx: Executor, day: DailyContext, page: DailyPage): Promise<DailyChunk> {
      const [row] = await queryRows<ChunkRow>(tx, statement(day, page));
      return chunkFromRow(row, page);
    },
  };
}

/**
 * Day D pays each holding its term covers one day's earning from a system account,
 * adding it to the holding's running total (payDaily's transfers: reference
 * `<prefix>:<id>`, key `<step>:<id>:<day>`, meta { day }; zero amounts and keys
 * already written are passed over). The money moves before the totals change, as
 * payDaily did (ledger rows locked before holding rows).
 */
export function earningsStep(input: {
  name: string;
  /** The page of holdings the day pays, in id order: id, user_id, coin, ledger_shard and amount (the day's, bigint). */
  select: (day: DailyContext, page: DailyPage) => SQL;
  pay: {
    from: SystemAccountName;
    type: TransferType;
    /** `reference` is `<prefix>:<id>`; the ledger key is `<step>:<id>:<day>` (kept as first written: keys never change). */
    referencePrefix: string;
    step: string;
    /** The holding's running total the payments add to (the owner's column). */
    total: AnyPgColumn;
  };
}): StatementStep {
  const { pay } = input;
  const total = sql.identifier(pay.total.name);
  return statementStep(input.name, (day, page, open) => {
    const keyOf = (id: SQL) => sql`${pay.step}::text || ':' || ${id} || ':' || ${day.day}::text`;
    return {
      ctes: sql`page as materialized (select * from (${input.select(day, page)}) s where ${open}),
      due as materialized (
        select p.id, p.user_id, p.coin, p.ledger_shard, p.amount, ${keyOf(sql`p.id`)} as idempotency_key
        from page p
        where p.amount > 0 and not ${idempotencyKeyTakenSql(keyOf(sql`p.id`))}),
      moves as (
        select id as ord, coin as asset, user_id, ledger_shard as shard, amount, ${pay.referencePrefix}::text || ':' || id as reference,
               idempotency_key, jsonb_build_object('day', ${day.day}::text) as meta
        from due),
      paid as materialized (select ${systemBatchSql({ system: pay.from, toSystem: false, cap: false, type: pay.type, now: day.now }, 'moves')} as moved),
      -- The page's rows by their ids (an index probe each), not a join a plan may turn into a scan of the table.
      added as (
        update ${pay.total.table} h set ${total} = h.${total} + d.amount from due d
        where h.id = any(array(select id from due)) and h.id = d.id and (select cardinality(moved) from paid) is not null
        returning 1)`,
      chunk: sql`select (select count(*) from page)::int as seen, (select max(id) from page)::text as last,
             (select count(*) from due)::int as rows, (select coalesce(sum(amount), 0) from due)::text as total,
             (select cardinality(moved) from paid) as moved, (select count(*) from added)::int as added, false as defer`,
    };
  });
}

/**
 * Day D ends the holdings whose last day is D (status 'matured', `endedAt` set to
 * the day's end, `set`'s bookkeeping) and makes each one's transfers, in the
 * order transferBatch got them; `principal` is the chunk's bookkeeping amount.
 */
export function maturityStep(input: {
  name: string;
  table: PgTable;
  endedAt: AnyPgColumn;
  /** More assignments of the update (bookkeeping kept on the holding). */
  set?: SQL;
  /** The columns the update returns: at least id and principal, and what `moves` reads. */
  returning: SQL;
  /** The transfers, a query of `matured` with transferBatchSql's columns (ord: their order). */
  moves: (day: string) => SQL;
}): StatementStep {
  const { table } = input;
  return statementStep(input.name, ({ day, end, now }, page, open) => {
    const set = input.set ? sql`, ${input.set}` : sql``;
    return {
      ctes: sql`matured as materialized (
        update ${table} set status = 'matured', ${sql.identifier(input.endedAt.name)} = ${end.toISOString()}::timestamptz${set}
        where id = any(array(select id from ${table} where status = 'holding' and end_day <= ${day}::date and id > ${page.after}
                             and ${open} order by id limit ${page.limit}))
        returning ${input.returning}),
      moves as (${input.moves(day)})`,
      chunk: sql`select (select count(*) from matured)::int as seen, (select max(id) from matured)::text as last,
             (select count(*) from matured)::int as rows, (select coalesce(sum(principal), 0) from matured)::text as total,
             ${transferBatchSql(now, 'moves')} as moved, false as defer`,
    };
  });
}
