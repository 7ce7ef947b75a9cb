import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Power packages ("sessions") the operator offers on the task platform, by
 * category. A purchase copies the terms onto its holding, so editing a package
 * never changes a live contract.
 */
export const powerSessions = pgTable(
  'power_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    cateId: integer('cate_id').notNull(),
    cateName: text('cate_name').notNull(),
    name: text('name').notNull(),
    coin: text('coin').notNull(),
    price: bigint('price', { mode: 'bigint' }).notNull(),
    /** Power granted, in minor units of the coin (income is a share of it). */
    power: bigint('power', { mode: 'bigint' }).notNull(),
    termDays: integer('term_days').notNull(),
    dailyRateBps: integer('daily_rate_bps').notNull(),
    feeBps: integer('fee_bps').notNull(),
    /** Purchases per user per platform day (gifts bought count for the giver). */
    dailyLimit: integer('daily_limit').notNull(),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    /** The console's stale-form check compares it (packages/domain staleForm). */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('power_sessions_figures', sql`${t.price} > 0 and ${t.power} > 0 and ${t.termDays} between 1 and 3650`),
    check('power_sessions_rates', sql`${t.dailyRateBps} between 0 and 10000 and ${t.feeBps} between 0 and 10000 and ${t.dailyLimit} >= 0`),
  ],
);

/**
 * One holding per purchase (kind 'basic') or gift received (kind 'gift'), with
 * its contract terms. It earns for each platform day from start_day to end_day
 * inclusive and matures at the end of end_day (matured_at set by the job).
 */
export const powerHoldings = pgTable(
  'power_holdings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    sessionId: bigint('session_id', { mode: 'number' })
      .notNull()
      .references(() => powerSessions.id),
    kind: text('kind').notNull(),
    /** Who paid for a gift holding (null for a purchase). */
    giverId: bigint('giver_id', { mode: 'number' }),
    name: text('name').notNull(),
    coin: text('coin').notNull(),
    price: bigint('price', { mode: 'bigint' }).notNull(),
    power: bigint('power', { mode: 'bigint' }).notNull(),
    termDays: integer('term_days').notNull(),
    dailyRateBps: integer('daily_rate_bps').notNull(),
    feeBps: integer('fee_bps').notNull(),
    startDay: date('start_day', { mode: 'string' }).notNull(),
    endDay: date('end_day', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    maturedAt: timestamp('matured_at', { withTimezone: true }),
    /**
     * The giver's withdrawal lock that a gift's price carried (docs/money.md "Turnover rule"): the
     * locked money in it and the turnover that frees it. It leaves the giver at the gift and
     * arrives on the receiver's book with the price at maturity; 0 for a purchase.
     */
    lockPrincipal: bigint('lock_principal', { mode: 'bigint' }).notNull().default(sql`0`),
    lockRequired: bigint('lock_required', { mode: 'bigint' }).notNull().default(sql`0`),
    /**
     * The system-account shard its transfers use: the ledger's shardFor('power_holding:<id>'), worked
     * out once when the row is written (ledger_shard_of, migration 0041), so the daily job's
     * one-statement chunks do not hash 100,000 references a day (docs/performance.md, "The daily earning job").
     */
    ledgerShard: integer('ledger_shard').notNull().generatedAlwaysAs(sql`ledger_shard_of('power_holding:' || id::text)`),
  },
  (t) => [
    index('power_holdings_user').on(t.userId, t.id),
    index('power_holdings_days').on(t.endDay, t.startDay),
    check('power_holdings_kind', sql`${t.kind} in ('basic', 'gift')`),
    check('power_holdings_figures', sql`${t.price} > 0 and ${t.power} > 0 and ${t.startDay} <= ${t.endDay}`),
  ],
);

/** Purchases per user, package and platform day: the daily limit is one conditional upsert on this row. */
export const powerDailyPurchases = pgTable(
  'power_daily_purchases',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    sessionId: bigint('session_id', { mode: 'number' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.sessionId, t.day] }), check('power_daily_purchases_count', sql`${t.count} >= 0`)],
);

/** One row per holding and platform day paid: the income, and the fee charged after it (getUserInfo incomeList). */
export const powerIncomes = pgTable(
  'power_incomes',
  {
    holdingId: bigint('holding_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    coin: text('coin').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    rateBps: integer('rate_bps').notNull(),
    fee: bigint('fee', { mode: 'bigint' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.holdingId, t.day] }),
    index('power_incomes_user').on(t.userId, t.day),
    check('power_incomes_figures', sql`${t.amount} >= 0 and (${t.fee} is null or ${t.fee} >= 0)`),
  ],
);

/** What changed a user's power: purchase, gift given or received, maturity (powerRecordPage). */
export const powerRecords = pgTable(
  'power_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    holdingId: bigint('holding_id', { mode: 'number' }).notNull(),
    type: text('type').notNull(),
    /** Signed change of the user's power (a gift given changes the giver's power by 0 and records the amount given). */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** The other user of a gift (masked phone), or ''. */
    counterparty: text('counterparty').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('power_records_user').on(t.userId, t.id),
    check('power_records_type', sql`${t.type} in ('buy', 'gift_in', 'gift_out', 'maturity')`),
  ],
);
