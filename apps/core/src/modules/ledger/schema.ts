import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Ledger accounts. A user has one account per asset; a system account (house,
 * fees, deposits clearing, withdrawals in flight, ...) is split into shards so
 * that no single row is updated by every transfer (docs/money.md, "The ledger"). User balances can
 * never go below zero: the database refuses it.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    asset: text('asset').notNull(),
    /** Set for user accounts. */
    userId: bigint('user_id', { mode: 'number' }),
    /** Set for system accounts, e.g. 'house', 'withdrawals_in_flight', 'deposits:sandbox'. */
    systemName: text('system_name'),
    shard: integer('shard').notNull().default(0),
    balance: bigint('balance', { mode: 'bigint' }).notNull().default(sql`0`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_user_key').on(t.userId, t.asset).where(sql`${t.userId} is not null`),
    uniqueIndex('ledger_accounts_system_key').on(t.systemName, t.asset, t.shard).where(sql`${t.systemName} is not null`),
    check('ledger_accounts_owner', sql`(${t.userId} is null) <> (${t.systemName} is null)`),
    check('ledger_accounts_user_not_negative', sql`${t.userId} is null or ${t.balance} >= 0`),
  ],
);

/**
 * Transfers: append-only, double entry. Each moves `amount` of one asset from
 * one account to another, in the same database transaction as the balances.
 */
export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    asset: text('asset').notNull(),
    fromAccountId: bigint('from_account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    toAccountId: bigint('to_account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** recharge, withdraw, withdraw_fee, withdraw_refund, exchange, bet, payout, rebate, reward, ... */
    type: text('type').notNull(),
    /** The business object, e.g. 'recharge_order:12', 'withdrawal:7'. */
    reference: text('reference').notNull(),
    /** Unique when set: the same money movement can never be written twice. */
    idempotencyKey: text('idempotency_key'),
    meta: jsonb('meta'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The audit_log row of the operator action that caused this movement (approval, adjustment, ...); null for everything else. */
    auditId: bigint('audit_id', { mode: 'number' }),
  },
  (t) => [
    check('ledger_transfers_amount_positive', sql`${t.amount} > 0`),
    check('ledger_transfers_distinct_accounts', sql`${t.fromAccountId} <> ${t.toAccountId}`),
    uniqueIndex('ledger_transfers_idempotency_key').on(t.idempotencyKey).where(sql`${t.idempotencyKey} is not null`),
    index('ledger_transfers_from_idx').on(t.fromAccountId, t.id),
    index('ledger_transfers_to_idx').on(t.toAccountId, t.id),
    index('ledger_transfers_reference_idx').on(t.reference),
    /** The rebate job reads a day's credited recharges (modules/team/job.ts). */
    index('ledger_transfers_recharge_day_idx').on(t.createdAt).where(sql`${t.type} = 'recharge'`),
    /** Team statistics: members' recharges and stakes without reading their bets' transfers (modules/team/stats.ts). */
    index('ledger_transfers_recharge_to_idx').on(t.toAccountId, t.amount).where(sql`${t.type} = 'recharge'`),
    index('ledger_transfers_power_from_idx').on(t.fromAccountId, t.amount).where(sql`${t.type} = 'power'`),
    /** An audit row's movements (what an operator's action moved). */
    index('ledger_transfers_audit_idx').on(t.auditId).where(sql`${t.auditId} is not null`),
  ],
);

/**
 * The withdrawal turnover rule, per user and asset (`currency` holds any asset):
 * money locked (`principal`), bets that free it (`required`) and bets since
 * (`done`, counted by bets on the pool's CASH or USDT row). Rules: ledger/turnover.ts.
 */
export const turnover = pgTable(
  'turnover',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    required: bigint('required', { mode: 'bigint' }).notNull().default(sql`0`),
    /** The principal that created the requirement, to express the locked part in money. */
    principal: bigint('principal', { mode: 'bigint' }).notNull().default(sql`0`),
    done: bigint('done', { mode: 'bigint' }).notNull().default(sql`0`),
  },
  (t) => [
    uniqueIndex('turnover_key').on(t.userId, t.currency),
    check('turnover_not_negative', sql`${t.required} >= 0 and ${t.principal} >= 0 and ${t.done} >= 0`),
  ],
);
