import type { Asset } from '@prism/domain';
import { AppError } from '@prism/domain';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { ledgerAccounts, ledgerTransfers } from './schema';

/**
 * THE entry point for moving money: `transfer` (one movement) and
 * `transferBatch` (many, set-based). Nothing else writes balances, except their
 * in-database forms, owned here too and keeping the same rules (conditional user
 * debit, rows locked in id order, one transfer row per movement):
 * `ledger_move_to_system` (migrations 0016, 0018), whose steps the game's one-statement bet
 * `place_bet` inlines (migration 0040: one nested call fewer per bet; game/sql/place_bet.sql,
 * keep the two alike), and `ledger_transfer_from_system` (migration 0017), which
 * settlement calls through `transferFromSystemSql` in the statement that settles, and
 * `ledger_system_batch` (migration 0041), which the daily job's chunks call through `systemBatchSql`,
 * and `ledger_batch` (migration 0043, transferBatch's steps for any movements), through `transferBatchSql`.
 * Its system shards come from `ledger_shard_of`, shardFor in SQL (the same migration).
 */

/** System accounts; a name may carry a qualifier after a colon (e.g. 'deposits:sandbox'). */
export type SystemAccountName =
  | 'house'
  | 'fees'
  | 'withdrawals_in_flight'
  | 'withdrawals_paid'
  | 'exchange'
  | 'rewards'
  | 'rebates'
  /** Power: principals held for their term; income paid out; management fees taken. */
  | 'power_stakes'
  | 'power_income'
  | 'power_fees'
  /** Advisor principals while orders run; advisor earnings are paid from advisor_income. */
  | 'advisor_stakes'
  | 'advisor_income'
  /** Fixed-deposit principals while they are held; their interest is paid from deposit_interest. */
  | 'fixed_deposits'
  | 'deposit_interest'
  /** Manual balance adjustments approved by two operators: credits come from it, debits go to it. */
  | 'adjustments'
  | `deposits:${string}`;

export type AccountRef = { userId: number } | { system: SystemAccountName };

export type TransferType =
  | 'recharge'
  | 'withdraw'
  | 'withdraw_fee'
  | 'fee'
  | 'withdraw_paid'
  | 'withdraw_refund'
  | 'exchange'
  | 'bet'
  | 'payout'
  | 'refund'
  | 'rebate'
  | 'reward'
  | 'gift'
  | 'power'
  | 'power_income'
  | 'power_fee'
  | 'power_maturity'
  | 'deposit_interest'
  | 'advisor_income'
  | 'advisor_maturity'
  | 'fixed_deposit'
  | 'adjustment';

export interface TransferInput {
  asset: Asset;
  from: AccountRef;
  to: AccountRef;
  amount: bigint;
  type: TransferType;
  reference: string;
  idempotencyKey?: string | undefined;
  meta?: Record<string, unknown> | undefined;
  /** The audit row of the operator action that caused the movement (audit module's recordAudit), if an operator did. */
  auditId?: number | undefined;
}

/** System accounts are split into this many rows, so concurrent transfers rarely meet on one. */
export const SYSTEM_SHARDS = 16;

/** The shard of a system account a movement with this reference uses (the bet function takes it as an argument). */
export function shardFor(reference: string): number {
  let hash = 0;
  for (let i = 0; i < reference.length; i++) hash = (hash * 31 + reference.charCodeAt(i)) | 0;
  return Math.abs(hash) % SYSTEM_SHARDS;
}

interface ResolvedAccount {
  id: number;
  isUser: boolean;
}

const refCondition = (ref: AccountRef, shard: number) =>
  'userId' in ref ? sql`(user_id = ${ref.userId})` : sql`(system_name = ${ref.system} and shard = ${shard})`;
const matches = (ref: AccountRef, shard: number, row: { user_id: number | null; system_name: string | null; shard: number }) =>
  'userId' in ref ? Number(row.user_id) === ref.userId : row.system_name === ref.system && Number(row.shard) === shard;

const refOrder = (ref: AccountRef) => ('userId' in ref ? `u:${String(ref.userId).padStart(20, '0')}` : `s:${ref.system}`);

/** Both accounts of a transfer in one query, creating any that do not exist yet (without locking). */
async function resolvePair(tx: Executor, input: TransferInput, shard: number): Promise<[ResolvedAccount, ResolvedAccount]> {
  const find = () =>
    queryRows<{ id: number; user_id: number | null; system_name: string | null; shard: number }>(
      tx,
      sql`select id, user_id, system_name, shard from ledger_accounts
          where asset = ${input.asset} and (${refCondition(input.from, shard)} or ${refCondition(input.to, shard)})`,
    );
  let rows = await find();
  // Created in a fixed order (users first, then system accounts by name), as transferBatch does.
  const missing = [input.from, input.to]
    .filter((ref) => !rows.some((row) => matches(ref, shard, row)))
    .sort((x, y) => refOrder(x).localeCompare(refOrder(y)));
  if (missing.length > 0) {
    for (const ref of missing) {
      await tx
        .insert(ledgerAccounts)
        .values('userId' in ref ? { asset: input.asset, userId: ref.userId } : { asset: input.asset, systemName: ref.system, shard })
        .onConflictDoNothing();
    }
    rows = await find();
  }
  const pick = (ref: AccountRef): ResolvedAccount => {
    const row = rows.find((r) => matches(ref, shard, r));
    if (!row) throw new Error(`ledger account for ${JSON.stringify(ref)} ${input.asset} could not be created`);
    return { id: Number(row.id), isUser: 'userId' in ref };
  };
  return [pick(input.from), pick(input.to)];
}

/** One account, created on first use (without locking anything): the batch form's resolver. */
async function resolve(tx: Executor, ref: AccountRef, asset: Asset, shard: number): Promise<ResolvedAccount> {
  const where =
    'userId' in ref
      ? and(eq(ledgerAccounts.userId, ref.userId), eq(ledgerAccounts.asset, asset))
      : and(eq(ledgerAccounts.systemName, ref.system), eq(ledgerAccounts.asset, asset), eq(ledgerAccounts.shard, shard));
  const [found] = await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(where);
  if (found) return { id: found.id, isUser: 'userId' in ref };
  await tx
    .insert(ledgerAccounts)
    .values('userId' in ref ? { asset, userId: ref.userId } : { asset, systemName: ref.system, shard })
    .onConflictDoNothing();
  const [created] = await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(where);
  if (!created) throw new Error(`ledger account for ${JSON.stringify(ref)} ${asset} could not be created`);
  return { id: created.id, isUser: 'userId' in ref };
}

/** The balance change of one account: a user debit only where the balance covers it. */
const change = (account: ResolvedAccount, delta: bigint) =>
  delta < 0n && account.isUser
    ? sql`update ledger_accounts set balance = balance + ${delta} where id = ${account.id} and balance >= ${-delta} returning id`
    : sql`update ledger_accounts set balance = balance + ${delta} where id = ${account.id} returning id`;

/**
 * Moves money inside the caller's transaction. Rows are updated in id order (no
 * deadlocks between opposite transfers); a user debit is one conditional
 * statement, so insufficient funds change nothing (INSUFFICIENT_BALANCE).
 * Three round trips: resolve both accounts, change the first row, change the
 * second row and insert the transfer in one statement (a keyed transfer first
 * takes its key's lock and looks the key up: two more).
 * Returns the transfer id, or undefined when the idempotency key was used
 * already (the movement happened before and is not repeated).
 */
export async function transfer(tx: Executor, input: TransferInput, now: Date): Promise<number | undefined> {
  if (input.amount <= 0n) throw new Error(`transfer amount must be positive, got ${input.amount}`);
  if (input.idempotencyKey && (await alreadyWritten(tx, input.idempotencyKey))) return undefined;
  const shard = shardFor(input.reference);
  const [from, to] = await resolvePair(tx, input, shard);
  if (from.id === to.id) throw new Error('transfer between an account and itself');

  const [first, second] = from.id < to.id ? [from, to] : [to, from];
  const deltaOf = (account: ResolvedAccount) => (account === from ? -input.amount : input.amount);
  const firstChanged = await queryRows(tx, change(first, deltaOf(first)));
  if (firstChanged.length === 0) throw new AppError('INSUFFICIENT_BALANCE');
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`with changed as (${change(second, deltaOf(second))})
        insert into ledger_transfers (asset, from_account_id, to_account_id, amount, type, reference, idempotency_key, meta, created_at, audit_id)
        select ${input.asset}, ${from.id}, ${to.id}, ${input.amount}, ${input.type}, ${input.reference}, ${input.idempotencyKey ?? null},
               ${input.meta ? JSON.stringify(input.meta) : null}::jsonb, ${now.toISOString()}::timestamptz, ${input.auditId ?? null}::bigint
        from changed returning id`,
  );
  if (!row) throw new AppError('INSUFFICIENT_BALANCE');
  return Number(row.id);
}

/**
 * Whether a movement with this key was written. Concurrent writers of one key
 * queue on a transaction lock first, so the later one sees the earlier one's
 * transfer once it commits and answers "already done", instead of moving the
 * balances and then failing on the unique key (an error, not an answer). The
 * lock is taken before any balance changes, and held to the caller's commit.
 */
async function alreadyWritten(tx: Executor, idempotencyKey: string): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`ledger-key:${idempotencyKey}`}))`);
  const [row] = await tx.select({ id: ledgerTransfers.id }).from(ledgerTransfers).where(eq(ledgerTransfers.idempotencyKey, idempotencyKey));
  return row !== undefined;
}

/**
 * Many transfers in a handful of statements (settlement, rebates): accounts are
 * resolved in bulk, locked in id order, balances changed by one UPDATE from the
 * summed deltas, transfers inserted in chunks. All or nothing.
 */
export async function transferBatch(tx: Executor, inputs: readonly TransferInput[], now: Date): Promise<void> {
  if (inputs.length === 0) return;
  const ids = await resolveMany(tx, inputs);
  const deltas = new Map<number, bigint>();
  const rows = inputs.map((input, i) => {
    if (input.amount <= 0n) throw new Error(`transfer amount must be positive, got ${input.amount}`);
    const [fromId, toId] = ids[i] as [number, number];
    deltas.set(fromId, (deltas.get(fromId) ?? 0n) - input.amount);
    deltas.set(toId, (deltas.get(toId) ?? 0n) + input.amount);
    return { input, fromId, toId };
  });
  const accountIds = [...deltas.keys()].sort((a, b) => a - b);
  // Inlined as SQL literals: every element is a number or bigint we computed, never caller text.
  await queryRows(
    tx,
    sql`select id from ledger_accounts where id = any(${sql.raw(`array[${accountIds.join(',')}]::bigint[]`)}) order by id for update`,
  );
  const updated = await queryRows<{ id: number }>(
    tx,
    sql`update ledger_accounts a set balance = a.balance + d.delta
        from unnest(${sql.raw(`array[${accountIds.join(',')}]::bigint[]`)}, ${sql.raw(`array[${accountIds.map((id) => deltas.get(id)).join(',')}]::bigint[]`)}) as d(id, delta)
        where a.id = d.id and (a.user_id is null or a.balance + d.delta >= 0)
        returning a.id`,
  );
  if (updated.length !== accountIds.length) throw new AppError('INSUFFICIENT_BALANCE');
  // The rows travel as one JSON parameter per chunk: parsing 10,000 rows of JSON costs the server far
  // less than binding 90,000 parameters, and the client builds one string instead of a statement per row.
  for (let start = 0; start < rows.length; start += 10_000) {
    const chunk = rows.slice(start, start + 10_000).map(({ input, fromId, toId }) => ({
      asset: input.asset,
      from_id: fromId,
      to_id: toId,
      amount: input.amount.toString(),
      type: input.type,
      reference: input.reference,
      idempotency_key: input.idempotencyKey ?? null,
      meta: input.meta ?? null,
      audit_id: input.auditId ?? null,
    }));
    await tx.execute(
      sql`insert into ledger_transfers (asset, from_account_id, to_account_id, amount, type, reference, idempotency_key, meta, created_at, audit_id)
          select r.asset, r.from_id, r.to_id, r.amount, r.type, r.reference, r.idempotency_key, r.meta, ${now.toISOString()}::timestamptz, r.audit_id
          from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb)
            as r(asset text, from_id bigint, to_id bigint, amount bigint, type text, reference text, idempotency_key text, meta jsonb, audit_id bigint)`,
    );
  }
}

/** The users whose accounts the inputs name, per asset. */
function userIdsByAsset(inputs: readonly TransferInput[]): Map<Asset, Set<number>> {
  const byAsset = new Map<Asset, Set<number>>();
  for (const input of inputs) {
    for (const ref of [input.from, input.to]) {
      if (!('userId' in ref)) continue;
      const set = byAsset.get(input.asset) ?? new Set<number>();
      set.add(ref.userId);
      byAsset.set(input.asset, set);
    }
  }
  return byAsset;
}

/** [fromId, toId] for each input, resolving every distinct account with as few queries as possible. */
async function resolveMany(tx: Executor, inputs: readonly TransferInput[]): Promise<[number, number][]> {
  const cache = new Map<string, number>();
  const keyOf = (ref: AccountRef, asset: Asset, shard: number) =>
    'userId' in ref ? `u:${ref.userId}:${asset}` : `s:${ref.system}:${asset}:${shard}`;
  for (const [asset, userIds] of userIdsByAsset(inputs)) {
    const found = await tx
      .select({ id: ledgerAccounts.id, userId: ledgerAccounts.userId })
      .from(ledgerAccounts)
      // One array parameter (numbers we hold, never caller text), not one parameter per user.
      .where(and(eq(ledgerAccounts.asset, asset), sql`${ledgerAccounts.userId} = any(${`{${[...userIds].join(',')}}`}::bigint[])`));
    for (const row of found) cache.set(`u:${row.userId}:${asset}`, row.id);
  }
  // Accounts not found are created in one fixed order (by key): two batches creating the same new
  // accounts in opposite orders would otherwise each wait on the other's uncommitted insert (deadlock).
  const missing = new Map<string, { ref: AccountRef; asset: Asset; shard: number }>();
  for (const input of inputs) {
    const shard = shardFor(input.reference);
    for (const ref of [input.from, input.to]) {
      const key = keyOf(ref, input.asset, shard);
      if (!cache.has(key)) missing.set(key, { ref, asset: input.asset, shard });
    }
  }
  for (const key of [...missing.keys()].sort()) {
    const account = missing.get(key) as { ref: AccountRef; asset: Asset; shard: number };
    cache.set(key, (await resolve(tx, account.ref, account.asset, account.shard)).id);
  }
  const out: [number, number][] = [];
  for (const input of inputs) {
    const shard = shardFor(input.reference);
    const idOf = (ref: AccountRef) => cache.get(keyOf(ref, input.asset, shard)) as number;
    out.push([idOf(input.from), idOf(input.to)]);
  }
  return out;
}

/**
 * The SQL that moves money out of `from` to every row of the relation `moves` (columns asset,
 * user_id, system, amount, type: to user_id, or where that is null to the system account `system`)
 * through `ledger_transfer_from_system`: for use inside a statement that computes the movements
 * (settlement), so they never travel to the client and back. The system shard is the one
 * transferBatch would use for `reference`. Evaluates to the number of transfers written.
 */
export function transferFromSystemSql(from: SystemAccountName, reference: string, now: Date, moves: string): SQL {
  const m = sql.identifier(moves);
  return sql`(select ledger_transfer_from_system(${from}::text, ${shardFor(reference)}::integer, ${reference}::text,
    ${now.toISOString()}::timestamptz, array_agg(asset), array_agg(user_id), array_agg(system), array_agg(amount), array_agg(type))
    from ${m})`;
}

/**
 * The SQL that moves money between system account `system` and the users of every row of the
 * relation `moves` through `ledger_system_batch` (migration 0041; transferBatch's rules): for use
 * inside the statement that computes the movements (the daily job's chunks), so no row travels to
 * the client. `moves` has the columns ord (input order), asset, user_id, shard (the system shard
 * transferBatch would pick for the reference: ledger_shard_of(reference)), amount (>= 0; 0 moves
 * nothing), reference, idempotency_key and meta (jsonb). Money goes to the system when `toSystem`,
 * else to the users; `cap` (debits only) cuts each row to what the user's balance holds after the
 * rows before it. Evaluates to the amounts moved (bigint[], in ord order).
 */
export function systemBatchSql(
  input: { system: SystemAccountName; toSystem: boolean; cap: boolean; type: TransferType; now: Date },
  moves: string,
): SQL {
  const m = sql.identifier(moves);
  return sql`(select ledger_system_batch(${input.system}::text, ${input.toSystem}::boolean, ${input.cap}::boolean, ${input.type}::text,
    ${input.now.toISOString()}::timestamptz, array_agg(asset order by ord), array_agg(user_id order by ord), array_agg(shard order by ord),
    array_agg(amount order by ord), array_agg(reference order by ord), array_agg(idempotency_key order by ord), array_agg(meta order by ord))
    from ${m})`;
}

/**
 * The SQL that makes the movements of every row of the relation `moves` through `ledger_batch`
 * (migration 0043): transferBatch itself, in SQL, for movements of any shape (a user or a system
 * account on either side, a type per row), inside the statement that computes them (the holding
 * steps' maturities), so no row travels to the client. `moves` has the columns ord (input order),
 * asset, from_user (bigint) or else from_system (text), to_user or else to_system, shard (the
 * system shard transferBatch would pick for the reference: ledger_shard_of(reference)), amount
 * (>= 0; 0 moves nothing), type, reference, idempotency_key and meta (jsonb). Evaluates to the
 * number of transfers written.
 */
export function transferBatchSql(now: Date, moves: string): SQL {
  const m = sql.identifier(moves);
  return sql`(select ledger_batch(${now.toISOString()}::timestamptz, array_agg(asset order by ord), array_agg(from_user order by ord),
    array_agg(from_system order by ord), array_agg(to_user order by ord), array_agg(to_system order by ord), array_agg(shard order by ord),
    array_agg(amount order by ord), array_agg(type order by ord), array_agg(reference order by ord), array_agg(idempotency_key order by ord),
    array_agg(meta order by ord))
    from ${m})`;
}

/** A user's balance per asset (zero for assets never used). */
export async function balancesOf(tx: Executor, userId: number): Promise<Record<Asset, bigint>> {
  const rows = await tx
    .select({ asset: ledgerAccounts.asset, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.userId, userId));
  const out: Record<Asset, bigint> = { CASH: 0n, USDT: 0n, CHIP: 0n, GOLD: 0n, POINT: 0n };
  for (const row of rows) out[row.asset as Asset] = row.balance;
  return out;
}

/** The summed balance of a system account over its shards. */
export async function systemBalance(tx: Executor, name: SystemAccountName, asset: Asset): Promise<bigint> {
  const [row] = await queryRows<{ total: string | null }>(
    tx,
    sql`select sum(balance)::text as total from ledger_accounts where system_name = ${name} and asset = ${asset}`,
  );
  return BigInt(row?.total ?? '0');
}

/**
 * The balances of many (user, asset) accounts, locked FOR UPDATE in id order
 * until the caller's transaction ends: a set-based charge (the power fee) caps
 * each debit at the balance it reads, and nothing can spend it in between.
 * Accounts never used are absent (balance 0).
 */
export async function lockUserBalances(tx: Executor, userIds: readonly number[], asset: Asset): Promise<Map<number, bigint>> {
  const out = new Map<number, bigint>();
  for (let start = 0; start < userIds.length; start += 10_000) {
    const ids = userIds.slice(start, start + 10_000);
    // Inlined as SQL literals: every element is a number we read from our own tables.
    const rows = await queryRows<{ user_id: number; balance: string }>(
      tx,
      sql`select user_id, balance::text as balance from ledger_accounts
          where asset = ${asset} and user_id = any(${sql.raw(`array[${ids.map(Number).join(',')}]::bigint[]`)})
          order by id for update`,
    );
    for (const row of rows) out.set(Number(row.user_id), BigInt(row.balance));
  }
  return out;
}
