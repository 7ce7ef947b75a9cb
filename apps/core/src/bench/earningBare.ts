import { type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../db/client';

/**
 * The daily earning job's power payments for one day written as the tightest hand SQL: one
 * statement per step over the whole day (no chunks, no functions, no account creation: the bench
 * made every account first), for `npm run bench -- earning` to compare the job with. It writes
 * what the job writes: power_incomes (amount, then fee), power_records and matured_at, the same
 * ledger_transfers rows (type, reference, key, meta, shard) and the same balances. Answers each
 * step's ms (income, fee, maturity).
 */
export async function payDayBare(db: Database, day: string, now: Date): Promise<number[]> {
  const at = now.toISOString();
  const stepMs: number[] = [];
  for (const statements of [[incomeSql(day, at)], [lockFeePayersSql(day), feeSql(day, at)], [maturitySql(day, at)]]) {
    const t = performance.now();
    await db.transaction(async (tx) => {
      for (const statement of statements) await tx.execute(statement);
    });
    stepMs.push(performance.now() - t);
  }
  return stepMs;
}

/** Balances moved from/to system account `system` for the rows of `paid` (id, user_id, coin, ledger_shard, amount). */
function moveSql(system: string, toSystem: boolean, type: string, key: (id: SQL) => SQL, day: string, at: string): SQL {
  const sign = toSystem ? sql`-` : sql`+`;
  const back = toSystem ? sql`+` : sql`-`;
  return sql`
    users as (update ledger_accounts a set balance = a.balance ${sign} s.amount
              from (select user_id, coin, sum(amount) as amount from paid group by user_id, coin) s
              where a.user_id = s.user_id and a.asset = s.coin),
    systems as (update ledger_accounts a set balance = a.balance ${back} s.amount
              from (select coin, ledger_shard, sum(amount) as amount from paid group by coin, ledger_shard) s
              where a.system_name = ${system} and a.asset = s.coin and a.shard = s.ledger_shard)
    insert into ledger_transfers (asset, from_account_id, to_account_id, amount, type, reference, idempotency_key, meta, created_at)
    select p.coin, ${toSystem ? sql`u.id` : sql`s.id`}, ${toSystem ? sql`s.id` : sql`u.id`}, p.amount, ${type},
           'power_holding:' || p.id, ${key(sql`p.id`)}, jsonb_build_object('kind', ${type}::text, 'holdingId', p.id, 'day', ${day}::text),
           ${at}::timestamptz
    from paid p
    join ledger_accounts u on u.user_id = p.user_id and u.asset = p.coin
    join ledger_accounts s on s.system_name = ${system} and s.asset = p.coin and s.shard = p.ledger_shard
    order by p.id`;
}

function incomeSql(day: string, at: string): SQL {
  return sql`with due as materialized (
      select id, user_id, coin, ledger_shard, daily_rate_bps, (power * daily_rate_bps) / 10000 as amount
      from power_holdings where start_day <= ${day}::date and end_day >= ${day}::date),
    earned as (insert into power_incomes (holding_id, user_id, day, coin, amount, rate_bps, created_at)
               select id, user_id, ${day}::date, coin, amount, daily_rate_bps, ${at}::timestamptz from due order by id),
    paid as materialized (select * from due where amount > 0),
    ${moveSql('power_income', false, 'power_income', (id) => sql`'power-income:' || ${id} || ':' || ${day}::text`, day, at)}`;
}

/** The fee payers' accounts, locked in id order before the fee statement reads their balances (its snapshot follows the locks). */
function lockFeePayersSql(day: string): SQL {
  return sql`select a.id from ledger_accounts a
    where a.asset = 'CASH' and a.user_id in (select user_id from power_holdings where start_day <= ${day}::date and end_day >= ${day}::date)
    order by a.id for update`;
}

function feeSql(day: string, at: string): SQL {
  return sql`with due as materialized (
      select h.id, h.user_id, h.coin, h.ledger_shard, (h.power * h.fee_bps) / 10000 as fee
      from power_holdings h join power_incomes i on i.holding_id = h.id and i.day = ${day}::date
      where h.start_day <= ${day}::date and h.end_day >= ${day}::date and i.fee is null),
    capped as materialized (
      select d.id, d.user_id, d.coin, d.ledger_shard,
             greatest(0, least(d.fee, coalesce(b.balance, 0) - (sum(d.fee) over (partition by d.user_id, d.coin order by d.id) - d.fee))) as amount
      from due d left join ledger_accounts b on b.user_id = d.user_id and b.asset = d.coin),
    kept as (update power_incomes i set fee = c.amount from capped c where i.holding_id = c.id and i.day = ${day}::date),
    paid as materialized (select * from capped where amount > 0),
    ${moveSql('power_fees', true, 'power_fee', (id) => sql`'power-fee:' || ${id} || ':' || ${day}::text`, day, at)}`;
}

function maturitySql(day: string, at: string): SQL {
  return sql`with paid as materialized (
      update power_holdings set matured_at = ${at}::timestamptz where end_day = ${day}::date and matured_at is null
      returning id, user_id, coin, ledger_shard, price as amount, power),
    recorded as (insert into power_records (user_id, holding_id, type, amount, counterparty, created_at)
                 select user_id, id, 'maturity', -power, '', ${at}::timestamptz from paid order by id),
    ${moveSql('power_stakes', false, 'power_maturity', (id) => sql`'power-maturity:' || ${id}`, day, at)}`;
}

/** Every system shard the day's payments use, made before the bare SQL runs (the job makes them on first use). */
export async function makeSystemShards(db: Database): Promise<void> {
  await db.execute(sql`insert into ledger_accounts (asset, system_name, shard)
    select 'CASH', s, g from unnest(array['power_income', 'power_fees', 'power_stakes']) s, generate_series(0, 15) g
    on conflict do nothing`);
}

/** A digest of every non-zero balance by owner (user id, or system name and shard) and coin: equal digests, equal balances. */
export async function balancesDigest(db: Database): Promise<string> {
  const [row] = await queryRows<{ digest: string; n: number }>(
    db,
    sql`select md5(string_agg(k, ',' order by k)) as digest, count(*)::int as n from (
          select coalesce(user_id::text, system_name || '#' || shard) || ':' || asset || '=' || balance as k
          from ledger_accounts where balance <> 0) b`,
  );
  return `${row?.digest} (${row?.n} accounts)`;
}

/** A digest of the power rows and every ledger transfer the job writes (by owner names, not account ids). */
export async function writtenDigest(db: Database): Promise<string> {
  const [row] = await queryRows<{ digest: string; n: number }>(
    db,
    sql`select md5(string_agg(k, ',' order by k)) as digest, count(*)::int as n from (
          select t.type || '|' || t.reference || '|' || coalesce(t.idempotency_key, '') || '|' || t.amount || '|' || coalesce(t.meta::text, '')
                 || '|' || coalesce(f.user_id::text, f.system_name || '#' || f.shard) || '>' || coalesce(o.user_id::text, o.system_name || '#' || o.shard)
                 || '|' || t.created_at as k
          from ledger_transfers t join ledger_accounts f on f.id = t.from_account_id join ledger_accounts o on o.id = t.to_account_id
          where t.type like 'power_%'
          union all select 'i|' || holding_id || '|' || day || '|' || amount || '|' || coalesce(fee::text, '-') from power_incomes
          union all select 'r|' || holding_id || '|' || type || '|' || amount || '|' || created_at from power_records
          union all select 'h|' || id || '|' || coalesce(matured_at::text, '-') from power_holdings) w`,
  );
  return `${row?.digest} (${row?.n} rows)`;
}
