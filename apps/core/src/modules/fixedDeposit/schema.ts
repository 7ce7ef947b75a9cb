import { ASSETS } from '@prism/domain';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { oneOf } from '../../db/checks';

/** Fixed-deposit terms the operator offers: days, annual rate, minimum amount. */
export const depositProducts = pgTable(
  'deposit_products',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    coin: text('coin').notNull().default('CASH'),
    days: integer('days').notNull(),
    annualRateBp: integer('annual_rate_bp').notNull(),
    minAmount: bigint('min_amount', { mode: 'bigint' }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The console's stale-form check compares it (packages/domain staleForm). */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('deposit_products_terms', sql`${t.days} between 1 and 3650 and ${t.annualRateBp} between 0 and 100000 and ${t.minAmount} > 0`),
    check('deposit_products_coin', oneOf(t.coin, ASSETS)),
  ],
);

/**
 * One row per fixed deposit (holding). `principal` is what still earns: the
 * original amount less every transfer-out (fixed_deposit_transfers). Terms are
 * copied at opening. Earns for the platform days startDay..endDay (from the
 * first full day after opening); at the end of endDay the daily job returns
 * what remains and marks it 'matured'. A transfer-out of everything: 'closed'.
 */
export const fixedDeposits = pgTable(
  'fixed_deposits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => depositProducts.id),
    name: text('name').notNull(),
    coin: text('coin').notNull(),
    principal: bigint('principal', { mode: 'bigint' }).notNull(),
    originalAmount: bigint('original_amount', { mode: 'bigint' }).notNull(),
    annualRateBp: integer('annual_rate_bp').notNull(),
    days: integer('days').notNull(),
    interestPaid: bigint('interest_paid', { mode: 'bigint' }).notNull().default(sql`0`),
    startDay: date('start_day', { mode: 'string' }).notNull(),
    endDay: date('end_day', { mode: 'string' }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    status: text('status').notNull().default('holding'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('fixed_deposits_user').on(t.userId, t.id),
    index('fixed_deposits_days').on(t.endDay, t.startDay),
    check(
      'fixed_deposits_amounts',
      sql`${t.principal} >= 0 and ${t.principal} <= ${t.originalAmount} and ${t.originalAmount} > 0 and ${t.interestPaid} >= 0`,
    ),
    check('fixed_deposits_status', sql`${t.status} in ('holding', 'matured', 'closed')`),
  ],
);

/** Every transfer-out: the amount stops earning from its day on (the interest step reads these by time). */
export const fixedDepositTransfers = pgTable(
  'fixed_deposit_transfers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    depositId: bigint('deposit_id', { mode: 'number' })
      .notNull()
      .references(() => fixedDeposits.id),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('fixed_deposit_transfers_deposit').on(t.depositId, t.createdAt),
    check('fixed_deposit_transfers_amount', sql`${t.amount} > 0`),
  ],
);
