import { ASSETS } from '@prism/domain';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { oneOf } from '../../db/checks';

/** Advisor (follow-invest) products the operator offers: minimum stake, term, daily rate, gift rate. */
export const advisorProducts = pgTable(
  'advisor_products',
  {
    id: serial('id').primaryKey(),
    advisorName: text('advisor_name').notNull(),
    avatarUrl: text('avatar_url').notNull().default(''),
    coin: text('coin').notNull().default('CASH'),
    /** The minimum staking amount (the specification's "price"). */
    price: bigint('price', { mode: 'bigint' }).notNull(),
    days: integer('days').notNull(),
    dailyRateBp: integer('daily_rate_bp').notNull(),
    giftRateBp: integer('gift_rate_bp').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    /** Orders are taken until then; null: no end. */
    availableUntil: timestamp('available_until', { withTimezone: true }),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The console's stale-form check compares it (packages/domain staleForm). */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('advisor_products_price_positive', sql`${t.price} > 0`),
    check(
      'advisor_products_terms',
      sql`${t.days} between 1 and 3650 and ${t.dailyRateBp} between 0 and 10000 and ${t.giftRateBp} between 0 and 10000`,
    ),
    check('advisor_products_coin', oneOf(t.coin, ASSETS)),
  ],
);

/**
 * One row per order. The contract terms (rates, days, fee rate) are copied
 * from the product when ordered, so an operator's later change never alters a
 * running order. `incomeAmount` is the sum of the daily earnings paid so far.
 * Earns for the platform days startDay..endDay; matures at `deadline` (the end
 * of endDay) when the daily job returns the principal less the fee.
 */
export const advisorOrders = pgTable(
  'advisor_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => advisorProducts.id),
    blogger: text('blogger').notNull(),
    coin: text('coin').notNull(),
    stakingAmount: bigint('staking_amount', { mode: 'bigint' }).notNull(),
    giftAmount: bigint('gift_amount', { mode: 'bigint' }).notNull(),
    incomeAmount: bigint('income_amount', { mode: 'bigint' }).notNull().default(sql`0`),
    dailyRateBp: integer('daily_rate_bp').notNull(),
    days: integer('days').notNull(),
    feeRateBp: integer('fee_rate_bp').notNull(),
    /** Set at maturity. */
    feeAmount: bigint('fee_amount', { mode: 'bigint' }).notNull().default(sql`0`),
    startDay: date('start_day', { mode: 'string' }).notNull(),
    endDay: date('end_day', { mode: 'string' }).notNull(),
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    status: text('status').notNull().default('holding'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    maturedAt: timestamp('matured_at', { withTimezone: true }),
  },
  (t) => [
    index('advisor_orders_user').on(t.userId, t.id),
    index('advisor_orders_days').on(t.endDay, t.startDay),
    check(
      'advisor_orders_amounts',
      sql`${t.stakingAmount} > 0 and ${t.giftAmount} >= 0 and ${t.incomeAmount} >= 0 and ${t.feeAmount} >= 0`,
    ),
    check('advisor_orders_status', sql`${t.status} in ('holding', 'matured')`),
    check('advisor_orders_term', sql`${t.days} >= 1 and ${t.endDay} >= ${t.startDay}`),
  ],
);
