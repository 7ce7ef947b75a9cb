import type { Asset } from '@prism/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import type { SystemAccountName, TransferType } from './ledger';

/**
 * What other modules read of the ledger, as SQL fragments that name the ledger's tables (only this
 * module does): each is written as the statement it came from was, so a statistic or a job that was
 * one statement stays one statement with the same plan (docs/performance.md measures them).
 */

/**
 * A transfer type as an SQL literal, as the statements were written: a literal, not a parameter,
 * so a prepared statement (getUserInfo's) keeps the plan it had. The types are a closed list of words.
 */
function typeLiteral(type: TransferType): SQL {
  if (!/^[a-z_]+$/.test(type)) throw new Error(`not a transfer type: ${type}`);
  return sql.raw(`'${type}'`);
}

/** Which of a user's accounts count: a condition on the column of the account's asset (e.g. the team's CASH family). */
export type AssetFilter = (column: SQL) => SQL;

/** Per user and asset, the `type` transfers into user accounts in [from, to). Columns: user_id, asset, amount. */
export const userCreditsBetween = (type: TransferType, from: SQL, to: SQL): SQL =>
  sql`select a.user_id, t.asset, sum(t.amount) as amount
                 from ledger_transfers t join ledger_accounts a on a.id = t.to_account_id
                 where t.type = ${typeLiteral(type)} and a.user_id is not null and t.created_at >= ${from} and t.created_at < ${to}
                 group by a.user_id, t.asset`;

/**
 * Each user's first `type` transfer into their accounts, for the users `among` selects (a subquery
 * of ids; all users when omitted). Columns: user_id, first_at.
 */
export const firstUserCredits = (type: TransferType, among?: SQL): SQL => sql`
  select a.user_id, min(t.created_at) as first_at
  from ledger_transfers t join ledger_accounts a on a.id = t.to_account_id
  where t.type = ${typeLiteral(type)} and a.user_id is not null ${among ? sql`and a.user_id in (${among})` : sql``}
  group by a.user_id`;

/** The accounts of the users `among` selects (a subquery of ids) in the assets `assets` keeps. Columns: id, user_id. */
export const userAccountsOf = (among: SQL, assets: AssetFilter): SQL =>
  sql`select a.id, a.user_id from ledger_accounts a
      where a.user_id in (${among}) and ${assets(sql`a.asset`)}`;

/**
 * Per user, the sum of the `type` transfers into (`in`) or out of (`out`) the accounts `accounts`
 * names (a CTE or subquery with the columns of userAccountsOf). Columns: user_id, amount.
 */
export const movedPerUser = (accounts: SQL, direction: 'in' | 'out', type: TransferType): SQL => {
  const side = sql.raw(direction === 'in' ? 't.to_account_id' : 't.from_account_id');
  return sql`select a.user_id, sum(t.amount) as amount from ${accounts} a
      join ledger_transfers t on ${side} = a.id and t.type = ${typeLiteral(type)} group by a.user_id`;
};

/**
 * The `type` transfers into one user's accounts in the assets `assets` keeps, as a FROM item with
 * its WHERE: the caller selects from the transfers as `t` (t.amount, t.meta, ...) and may add `and ...`.
 */
export const userCreditsOf = (userId: number, type: TransferType, assets: AssetFilter): SQL =>
  sql`ledger_accounts a join ledger_transfers t on t.to_account_id = a.id
        where a.user_id = ${userId} and ${assets(sql`a.asset`)} and t.type = ${typeLiteral(type)}`;

/**
 * One user's `type` transfers in, as a FROM item (`a` the account, `t` the transfer): the transfers
 * are reached from the user's accounts (LATERAL: an index probe on to_account_id per account; `offset 0`
 * keeps the planner from flattening it back into a join). As a
 * plain join, the generic plan of getUserInfo's prepared statement read every `type` transfer of every
 * user (the partial index of recharges by day) and joined the user's accounts to each: 2 ms per call
 * with 100,000 bets in the ledger (docs/performance.md, "HTTP").
 */
const creditsThroughAccounts = (userId: number, type: TransferType): SQL =>
  sql`ledger_accounts a cross join lateral (
        select t.amount, t.asset from ledger_transfers t where t.to_account_id = a.id and t.type = ${typeLiteral(type)} offset 0) t
      where a.user_id = ${userId}`;

/** The sum of one user's `type` transfers in the assets listed, as a scalar subquery's text (the level figures). */
export const userCreditTotalSql = (userId: number, type: TransferType, assets: readonly Asset[]): SQL => {
  const listed = sql.raw(assets.map((asset) => `'${asset}'`).join(', ')); // literals from the closed list of coins
  return sql`select coalesce(sum(t.amount), 0)::text from ${creditsThroughAccounts(userId, type)} and t.asset in (${listed})`;
};

/** Per reference, the count and sum of the `type` transfers. Columns: reference, transfers, total. */
export const transfersPerReference = (type: TransferType): SQL =>
  sql`select reference, count(*) as transfers, sum(amount) as total from ledger_transfers where type = ${typeLiteral(type)} group by reference`;

/**
 * Per reference, the `type` transfers and the audit row they carry: audit_id is null unless every
 * one carries the same id. Columns: reference, transfers, audit_id (operator corrections' checks).
 */
export const auditedTransfersPerReference = (type: TransferType): SQL =>
  sql`select reference, count(*) as transfers,
        case when count(audit_id) = count(*) and count(distinct audit_id) = 1 then min(audit_id) end as audit_id
      from ledger_transfers where type = ${typeLiteral(type)} group by reference`;

/** Every transfer's id, amount and idempotency key, as a FROM item (joined by key: its unique index). */
export const transferKeys: SQL = sql`(select id, amount, idempotency_key from ledger_transfers)`;

/**
 * Of these ledger keys, the ones already taken. Looked up by the keys themselves (the ledger's
 * unique index), never by a join a plan could turn into a scan of the whole ledger.
 */
export async function takenIdempotencyKeys(tx: Executor, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  // One array parameter; the keys are `<step>:<id>:<day>` the callers built (no commas, quotes or braces).
  const rows = await queryRows<{ key: string }>(
    tx,
    sql`select idempotency_key as key from ledger_transfers
        where idempotency_key is not null and idempotency_key = any(${`{${keys.join(',')}}`}::text[])`,
  );
  return new Set(rows.map((row) => row.key));
}

/** Whether a transfer with the idempotency key `key` (an SQL text expression) was written: takenIdempotencyKeys per row, in SQL. */
export const idempotencyKeyTakenSql = (key: SQL): SQL => sql`exists (select 1 from ledger_transfers t where t.idempotency_key = ${key})`;

/** A user's balances as a json object of asset -> balance (text), a value of getUserInfo's statement. */
export const balancesJsonSql = (userId: number): SQL =>
  sql`(select json_object_agg(asset, balance::text) from ledger_accounts where user_id = ${userId})`;

/** A user's turnover rows as a json array (currency, required, principal, done: text), read as turnoverBook reads them. */
export const turnoverBookJsonSql = (userId: number): SQL =>
  sql`(select json_agg(json_build_object('currency', currency, 'required', required::text,
                   'principal', principal::text, 'done', done::text)) from turnover where user_id = ${userId})`;

/** A user's totals of `type` transfers in, per asset, as a json object (a probe of ledger_transfers_recharge_to_idx per account for recharges). */
export const creditTotalsJsonSql = (userId: number, type: TransferType): SQL =>
  sql`(select json_object_agg(asset, total) from (
                       select a.asset, sum(t.amount)::text as total
                       from ${creditsThroughAccounts(userId, type)} group by a.asset) r)`;

/**
 * A user's transfers, in (amount positive) and out (negative), optionally of one type and coin: two
 * index scans merged. Columns: id, asset, type, reference, created_at, signed.
 */
export function userMovesSql(userId: number, filter: { type?: string | undefined; coin?: string | undefined }): SQL {
  const accounts = filter.coin
    ? sql`(select id from ledger_accounts where user_id = ${userId} and asset = ${filter.coin})`
    : sql`(select id from ledger_accounts where user_id = ${userId})`;
  const typeFilter = filter.type ? sql`and type = ${filter.type}` : sql``;
  return sql`
    select id, asset, type, reference, created_at, amount as signed from ledger_transfers where to_account_id in ${accounts} ${typeFilter}
    union all
    select id, asset, type, reference, created_at, -amount as signed from ledger_transfers where from_account_id in ${accounts} ${typeFilter}`;
}

/** A subquery with the columns (asset, balance): one system account's balance per asset. */
export function systemBalancesByAsset(system: SystemAccountName): SQL {
  return sql`(select asset, sum(balance) as balance from ledger_accounts where system_name = ${system} group by asset)`;
}

/** A scalar subquery: the sum (0 for none) of the transfers of `type` whose reference is `reference` (an SQL expression). */
export function transferSumFor(type: TransferType, reference: SQL): SQL {
  return sql`(select coalesce(sum(t.amount), 0) from ledger_transfers t where t.reference = ${reference} and t.type = ${type})`;
}

/** The references that got more than one transfer of `type` for the same day (`meta.day`). */
export async function transfersRepeatedInADay(db: Executor, type: TransferType): Promise<{ reference: string; day: string }[]> {
  return queryRows<{ reference: string; day: string }>(
    db,
    sql`select reference, meta->>'day' as day from ledger_transfers where type = ${type}
        group by reference, meta->>'day' having count(*) > 1`,
  );
}

/**
 * The transfers after id `afterId`, oldest first, at most `limit` (the dashboard's aggregates read the
 * ledger by an id watermark: a range of the primary key, never the whole table). Columns: id, asset,
 * type, reference, amount, created_at, from_user_id, to_user_id, from_system, to_system.
 */
export const transfersAfterSql = (afterId: SQL, limit: number): SQL =>
  sql`select t.id, t.asset, t.type, t.reference, t.amount, t.created_at,
             f.user_id as from_user_id, d.user_id as to_user_id, f.system_name as from_system, d.system_name as to_system
        from (select * from ledger_transfers where id > ${afterId} order by id limit ${limit}) t
        join ledger_accounts f on f.id = t.from_account_id
        join ledger_accounts d on d.id = t.to_account_id`;

/** The count and sum (all assets together) of the transfers up to id `upTo`, as one row (a full read: checks only). Columns: transfers, amount. */
export const transferTotalsUpTo = (upTo: SQL): SQL =>
  sql`select count(*)::bigint as transfers, coalesce(sum(amount), 0)::bigint as amount from ledger_transfers where id <= ${upTo}`;

/**
 * The balances of the next `users` users after user id `afterUserId`, by user id then asset: one page
 * of a walk over every user's accounts (the proof of liabilities reads them all, page by page, on the
 * user accounts' unique index). Users without an account are not there (they hold nothing).
 */
export async function userBalancesAfter(
  db: Executor,
  afterUserId: number,
  users: number,
): Promise<{ userId: number; asset: Asset; balance: bigint }[]> {
  const rows = await queryRows<{ user_id: string | number; asset: Asset; balance: string }>(
    db,
    sql`select user_id, asset, balance::text as balance from ledger_accounts
        where user_id in (select distinct user_id from ledger_accounts where user_id > ${afterUserId} order by user_id limit ${users})
        order by user_id, asset`,
  );
  return rows.map((row) => ({ userId: Number(row.user_id), asset: row.asset, balance: BigInt(row.balance) }));
}
