import { type Asset, advisorDailyEarning, advisorManagementFee, depositDailyInterest } from '@prism/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Executor, queryRows } from '../../db/client';
import { createTestDatabase } from '../../testing';
import { addPerRow, payDaily } from '../../testing/perRowSteps';
import { chunkOf, type DailyChunk, type DailyContext, type DailyPage, type DailyStep } from '../earning';
import { fixedDeposits } from '../fixedDeposit/schema';
import { depositInterestStep, depositMaturityStep } from '../fixedDeposit/steps';
import { advisorOrders } from '../followInvest/schema';
import { followInvestEarningsStep, followInvestMaturityStep } from '../followInvest/steps';
import { type TransferInput, transfer, transferBatch } from '../ledger';

/**
 * The holding steps were Node (payDaily, transferBatch) before they were one statement per chunk
 * (migration 0043). The Node forms live on here, as they were, and both run on the same data (in
 * transactions rolled back): they must leave the same transfers (type, amount, accounts, reference,
 * key, meta, time), the same accounts (created in the same order), balances and holding rows, and
 * answer the same chunks. Transfers are compared in the order they were written, except at
 * maturity, where the Node form wrote them in the order its UPDATE returned the rows (the plan's,
 * not the ids'): there by key.
 */

// ---- The Node steps, as they were (holding/steps.ts, followInvest/steps.ts, fixedDeposit/steps.ts) ----
type Row = { id: number; user_id: number; coin: Asset };

function nodeEarnings<R extends Row>(input: {
  select: (day: DailyContext, page: DailyPage) => SQL;
  amountOf: (row: R) => bigint;
  pay: Omit<Parameters<typeof payDaily>[2], 'day' | 'now' | 'page'>;
}): DailyStep['run'] {
  return async (tx, day, page) => {
    const rows = await queryRows<R>(tx, input.select(day, page));
    const payments = rows.map((row) => ({ id: Number(row.id), userId: Number(row.user_id), asset: row.coin, amount: input.amountOf(row) }));
    return payDaily(tx, payments, { ...input.pay, day: day.day, now: day.now, page });
  };
}

function nodeMaturity<R extends Row>(input: {
  table: PgTable;
  endedAt: AnyPgColumn;
  returning: SQL;
  moves: (row: R, day: string) => TransferInput[];
  principalOf: (row: R) => bigint;
  after?: (tx: Executor, rows: R[]) => Promise<void>;
}): DailyStep['run'] {
  const { table } = input;
  return async (tx, { day, end, now }, page) => {
    const rows = await queryRows<R>(
      tx,
      sql`update ${table} set status = 'matured', ${sql.identifier(input.endedAt.name)} = ${end.toISOString()}::timestamptz
          where id in (select id from ${table} where status = 'holding' and end_day <= ${day}::date and id > ${page.after}
                       order by id limit ${page.limit})
          returning ${input.returning}`,
    );
    await transferBatch(
      tx,
      rows.flatMap((row) => input.moves(row, day)),
      now,
    );
    await input.after?.(tx, rows);
    return chunkOf(
      rows.map((row) => ({ id: row.id, amount: input.principalOf(row) })),
      page,
    );
  };
}

type AdvisorRow = Row & { staking_amount: string; daily_rate_bp: number };
const nodeAdvisorEarnings = nodeEarnings<AdvisorRow>({
  select: ({ day }, page) =>
    sql`select o.id, o.user_id, o.coin, o.staking_amount::text, o.daily_rate_bp from advisor_orders o
        where o.start_day <= ${day}::date and o.end_day >= ${day}::date and o.id > ${page.after}
        order by o.id limit ${page.limit}`,
  amountOf: (row) => advisorDailyEarning(BigInt(row.staking_amount), row.daily_rate_bp),
  pay: {
    from: 'advisor_income',
    type: 'advisor_income',
    referencePrefix: 'advisor',
    step: 'advisor-income',
    total: advisorOrders.incomeAmount,
  },
});

type MaturingOrder = Row & { staking_amount: string; fee_rate_bp: number };
const feeOf = (row: MaturingOrder) => advisorManagementFee(BigInt(row.staking_amount), row.fee_rate_bp);
const nodeAdvisorMaturity = nodeMaturity<MaturingOrder>({
  table: advisorOrders,
  endedAt: advisorOrders.maturedAt,
  returning: sql`id, user_id, coin, staking_amount::text, fee_rate_bp`,
  moves: (row, day) => {
    const fee = feeOf(row);
    const base = { asset: row.coin, from: { system: 'advisor_stakes' as const }, reference: `advisor:${row.id}`, meta: { day } };
    const moves: TransferInput[] = [
      {
        ...base,
        to: { userId: Number(row.user_id) },
        amount: BigInt(row.staking_amount) - fee,
        type: 'advisor_maturity',
        idempotencyKey: `advisor-maturity:${row.id}`,
      },
    ];
    if (fee > 0n) moves.push({ ...base, to: { system: 'fees' }, amount: fee, type: 'fee', idempotencyKey: `advisor-fee:${row.id}` });
    return moves;
  },
  principalOf: (row) => BigInt(row.staking_amount),
  after: (tx, rows) =>
    addPerRow(
      tx,
      advisorOrders.feeAmount,
      rows.map((row) => [Number(row.id), feeOf(row)]),
    ),
});

type DepositRow = Row & { principal_then: string; annual_rate_bp: number };
const nodeDepositInterest = nodeEarnings<DepositRow>({
  select: ({ day, end }, page) =>
    sql`select d.id, d.user_id, d.coin, d.annual_rate_bp,
               (d.principal + coalesce((select sum(t.amount) from fixed_deposit_transfers t
                                        where t.deposit_id = d.id and t.created_at >= ${end.toISOString()}::timestamptz), 0))::text as principal_then
        from fixed_deposits d
        where d.start_day <= ${day}::date and d.end_day >= ${day}::date and d.status <> 'matured' and d.id > ${page.after}
        order by d.id limit ${page.limit}`,
  amountOf: (row) => depositDailyInterest(BigInt(row.principal_then), row.annual_rate_bp),
  pay: {
    from: 'deposit_interest',
    type: 'deposit_interest',
    referencePrefix: 'fixed_deposit',
    step: 'deposit-interest',
    total: fixedDeposits.interestPaid,
  },
});

const nodeDepositMaturity = nodeMaturity<Row & { principal: string }>({
  table: fixedDeposits,
  endedAt: fixedDeposits.endedAt,
  returning: sql`id, user_id, coin, principal::text`,
  moves: (row, day) =>
    BigInt(row.principal) > 0n
      ? [
          {
            asset: row.coin,
            from: { system: 'fixed_deposits' },
            to: { userId: Number(row.user_id) },
            amount: BigInt(row.principal),
            type: 'fixed_deposit',
            reference: `fixed_deposit:${row.id}`,
            idempotencyKey: `deposit-maturity:${row.id}`,
            meta: { kind: 'maturity', day },
          },
        ]
      : [],
  principalOf: (row) => BigInt(row.principal),
});

// ---- The data: holdings of every shape, seeded once (committed) ----
const USERS = [881_001, 881_002, 881_003, 881_004, 881_005, 881_006, 881_007];
const DAY = '2026-10-07';
const EARLIER = '2026-10-06';
const NOW = new Date('2026-10-08T00:00:05Z');
const context = (day: string): DailyContext => ({
  day,
  start: new Date(`${day}T00:00:00Z`),
  end: new Date(new Date(`${day}T00:00:00Z`).getTime() + 86_400_000),
  timeZone: 'UTC',
  now: NOW,
});

class RolledBack extends Error {}
let database: Awaited<ReturnType<typeof createTestDatabase>>;

/** A fixed pseudo-random sequence, so the data is the same on every run and engine. */
function numbers(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return (state >>> 16) % n;
  };
}

async function seed(db: Executor): Promise<void> {
  const next = numbers(7);
  const [advisor] = await queryRows<{ id: number }>(
    db,
    sql`insert into advisor_products (advisor_name, price, days, daily_rate_bp, created_at) values ('G', 1, 7, 80, ${NOW.toISOString()}) returning id`,
  );
  const [term] = await queryRows<{ id: number }>(
    db,
    sql`insert into deposit_products (name, days, annual_rate_bp, min_amount, created_at) values ('G', 7, 500, 1, ${NOW.toISOString()}) returning id`,
  );
  // Some holders have accounts (CASH only, or none at all: created by the steps), some system shards exist.
  for (const user of USERS.slice(0, 4))
    await db.execute(sql`insert into ledger_accounts (asset, user_id, balance) values ('CASH', ${user}, 100)`);
  for (const shard of [0, 3, 7, 11]) {
    await db.execute(sql`insert into ledger_accounts (asset, system_name, shard) values ('CASH', 'advisor_income', ${shard})`);
    await db.execute(sql`insert into ledger_accounts (asset, system_name, shard) values ('CASH', 'fixed_deposits', ${shard})`);
  }
  const amounts = [1n, 9n, 124n, 10_000n, 123_457n, 98_765_432_109n];
  for (let i = 0; i < 30; i++) {
    const coin = next(4) === 0 ? 'USDT' : 'CASH';
    const [start, end] = [
      ['2026-10-01', DAY],
      ['2026-10-06', '2026-10-12'],
      ['2026-10-07', DAY],
      ['2026-10-01', '2026-10-05'],
    ][next(4)] as [string, string];
    await db.execute(sql`insert into advisor_orders (user_id, product_id, blogger, coin, staking_amount, gift_amount, daily_rate_bp, days,
        fee_rate_bp, start_day, end_day, deadline, status, created_at)
      values (${USERS[next(USERS.length)]}, ${advisor?.id}, 'G', ${coin}, ${amounts[next(amounts.length)]}, 0, ${[0, 1, 80, 333][next(4)]}, 7,
        ${[0, 1000, 1000, 2500][next(4)]}, ${start}, ${end}, ${NOW.toISOString()}, ${next(8) === 0 ? 'matured' : 'holding'}, ${NOW.toISOString()})`);
    const principal = amounts[next(amounts.length)] as bigint;
    const [deposit] = await queryRows<{ id: number }>(
      db,
      sql`insert into fixed_deposits (user_id, product_id, name, coin, principal, original_amount, annual_rate_bp, days, start_day, end_day,
          ends_at, status, created_at)
        values (${USERS[next(USERS.length)]}, ${term?.id}, 'G', ${coin}, ${next(6) === 0 ? 0n : principal}, ${principal * 2n},
          ${[0, 1, 500, 100_000][next(4)]}, 7, ${start}, ${end}, ${NOW.toISOString()}, ${['holding', 'holding', 'closed', 'matured'][next(4)]},
          ${NOW.toISOString()})
        returning id`,
    );
    // Transfers-out after a day ended still earn for that day; during it they do not.
    if (next(3) === 0)
      await db.execute(sql`insert into fixed_deposit_transfers (deposit_id, user_id, amount, created_at)
        values (${deposit?.id}, 1, ${principal}, ${['2026-10-07T12:00:00Z', '2026-10-08T00:00:01Z'][next(2)]})`);
  }
  // One order's earning for DAY was paid already (a chunk that committed): neither form pays it again.
  const [paid] = await queryRows<{ id: number; user_id: number; coin: Asset }>(
    db,
    sql`select id, user_id, coin from advisor_orders where start_day <= ${DAY}::date and end_day >= ${DAY}::date
        and daily_rate_bp > 0 order by id limit 1`,
  );
  if (!paid) throw new Error('no order covers the day');
  await transfer(
    db,
    {
      asset: paid.coin,
      from: { system: 'advisor_income' },
      to: { userId: Number(paid.user_id) },
      amount: 1n,
      type: 'advisor_income',
      reference: `advisor:${paid.id}`,
      idempotencyKey: `advisor-income:${paid.id}:${DAY}`,
      meta: { day: DAY },
    },
    NOW,
  );
}

// ---- What a run leaves ----
const accountKey = sql`coalesce('u:' || a.user_id, 's:' || a.system_name || ':' || a.shard) || ':' || a.asset`;

async function outcome(tx: Executor, before: { transfer: number; account: number }) {
  const transfers = await queryRows<Record<string, unknown>>(
    tx,
    sql`select t.asset, t.amount::text, t.type, t.reference, t.idempotency_key, t.meta, t.created_at::text, t.audit_id,
               (select ${accountKey} from ledger_accounts a where a.id = t.from_account_id) as from_account,
               (select ${accountKey} from ledger_accounts a where a.id = t.to_account_id) as to_account
        from ledger_transfers t where t.id > ${before.transfer} order by t.id`,
  );
  const accounts = await queryRows(
    tx,
    sql`select ${accountKey} as key, a.balance::text, a.id > ${before.account} as created from ledger_accounts a order by a.id`,
  );
  const orders = await queryRows(tx, sql`select * from advisor_orders order by id`);
  const deposits = await queryRows(tx, sql`select * from fixed_deposits order by id`);
  return { transfers, accounts, orders, deposits };
}

type Run = DailyStep['run'];
/** The steps in the job's order, each day in chunks of 4, in a transaction rolled back: chunks and outcome. */
async function runAll(steps: { advisorEarnings: Run; depositInterest: Run; advisorMaturity: Run; depositMaturity: Run }) {
  const plan: [keyof typeof steps, string][] = [
    ['advisorEarnings', EARLIER],
    ['depositInterest', EARLIER],
    ['advisorEarnings', DAY],
    ['depositInterest', DAY],
    ['advisorEarnings', DAY], // again: pays nothing
    ['advisorMaturity', DAY],
    ['depositMaturity', DAY],
    ['depositInterest', DAY], // after maturity: nothing
  ];
  let out: { chunks: DailyChunk[][]; outcomes: Awaited<ReturnType<typeof outcome>>[] } | undefined;
  await database.db
    .transaction(async (tx: Executor) => {
      const [before] = await queryRows<{ transfer: number; account: number }>(
        tx,
        sql`select (select coalesce(max(id), 0) from ledger_transfers)::int as transfer, (select coalesce(max(id), 0) from ledger_accounts)::int as account`,
      );
      if (!before) throw new Error('no baseline');
      const chunks: DailyChunk[][] = [];
      const outcomes: Awaited<ReturnType<typeof outcome>>[] = [];
      for (const [name, day] of plan) {
        const ran: DailyChunk[] = [];
        for (let after = 0; ; ) {
          const chunk = await steps[name](tx, context(day), { after, limit: 4 });
          ran.push(chunk);
          if (chunk.next === null) break;
          after = chunk.next;
        }
        chunks.push(ran);
        outcomes.push(await outcome(tx, before));
      }
      out = { chunks, outcomes };
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  if (!out) throw new Error('the steps gave no outcome');
  return out;
}

const byKey = (rows: Record<string, unknown>[]) =>
  [...rows].sort((x, y) => String(x.idempotency_key).localeCompare(String(y.idempotency_key)));

beforeAll(async () => {
  database = await createTestDatabase();
  await seed(database.db);
}, 60_000);
afterAll(async () => {
  await database?.drop();
});

describe('the one-statement holding steps do what the Node steps did', () => {
  it('the same chunks, transfers, accounts, balances and holding rows, step after step', async () => {
    const node = await runAll({
      advisorEarnings: nodeAdvisorEarnings,
      depositInterest: nodeDepositInterest,
      advisorMaturity: nodeAdvisorMaturity,
      depositMaturity: nodeDepositMaturity,
    });
    const statements = await runAll({
      advisorEarnings: followInvestEarningsStep.run,
      depositInterest: depositInterestStep.run,
      advisorMaturity: followInvestMaturityStep.run,
      depositMaturity: depositMaturityStep.run,
    });
    expect(statements.chunks).toEqual(node.chunks);
    for (const [i, expected] of node.outcomes.entries()) {
      const got = statements.outcomes[i];
      expect(got?.accounts).toEqual(expected.accounts);
      expect(got?.orders).toEqual(expected.orders);
      expect(got?.deposits).toEqual(expected.deposits);
      // Up to the first maturity the order is the ids'; from then on by key (see above).
      if (i < 5) expect(got?.transfers).toEqual(expected.transfers);
      else expect(byKey(got?.transfers ?? [])).toEqual(byKey(expected.transfers));
    }
    // The data reaches every case: payments of both products, maturities with and without a fee, new accounts.
    const last = node.outcomes.at(-1);
    const types = new Set(last?.transfers.map((t) => t.type));
    expect([...types].sort()).toEqual(['advisor_income', 'advisor_maturity', 'deposit_interest', 'fee', 'fixed_deposit']);
    expect(last?.accounts.filter((a) => a.created).length).toBeGreaterThan(3);
    expect(node.chunks.flat().filter((c) => c.rows > 0).length).toBeGreaterThan(8);
  }, 120_000);
});
