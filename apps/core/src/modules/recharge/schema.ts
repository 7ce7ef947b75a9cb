import { ASSETS, type DepositStatus, type RechargeOrderStatus } from '@prism/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { oneOf } from '../../db/checks';

const ORDER_STATUSES = ['pending', 'paid', 'failed', 'amount_mismatch', 'over_limit'] as const satisfies readonly RechargeOrderStatus[];
const DEPOSIT_STATUSES = ['pending', 'credited', 'below_minimum', 'unknown_address'] as const satisfies readonly DepositStatus[];

/** Payment channels for CASH recharge; `gateway` names the adapter (the built-in one is 'sandbox'). */
export const payChannels = pgTable('pay_channels', {
  id: serial('id').primaryKey(),
  payChannelName: text('pay_channel_name').notNull().unique(),
  showName: text('show_name').notNull(),
  gateway: text('gateway').notNull(),
  currency: text('currency').notNull().default('CASH'),
  enabled: boolean('enabled').notNull().default(true),
  sort: integer('sort').notNull().default(0),
});

/**
 * CASH recharge orders. pending -> paid (credited exactly once, by a verified
 * gateway callback) | failed | amount_mismatch (paid a different amount: not credited)
 * | over_limit (paid, but over the player's deposit limit at crediting time: not credited).
 */
export const rechargeOrders = pgTable(
  'recharge_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderNo: text('order_no').notNull().unique(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    payChannelName: text('pay_channel_name').notNull(),
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    paidAmount: bigint('paid_amount', { mode: 'bigint' }),
    status: text('status').notNull(),
    payUrl: text('pay_url').notNull().default(''),
    gatewayRef: text('gateway_ref'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('recharge_orders_user_idx').on(t.userId, t.createdAt),
    check('recharge_orders_amount_positive', sql`${t.amount} > 0 and (${t.paidAmount} is null or ${t.paidAmount} >= 0)`),
    check('recharge_orders_status', oneOf(t.status, ORDER_STATUSES)),
    check('recharge_orders_currency', oneOf(t.currency, ASSETS)),
  ],
);

/** One USDT deposit address per user and network. */
export const depositAddresses = pgTable(
  'deposit_addresses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    network: text('network').notNull(),
    address: text('address').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('deposit_addresses_user_key').on(t.userId, t.network),
    uniqueIndex('deposit_addresses_address_key').on(t.network, t.address),
  ],
);

/**
 * Deposits reported by a chain watcher. pending (waiting for confirmations) ->
 * credited | below_minimum (under 1 USDT: recorded, never credited) | unknown_address.
 */
export const chainDeposits = pgTable(
  'chain_deposits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    network: text('network').notNull(),
    txHash: text('tx_hash').notNull(),
    address: text('address').notNull(),
    userId: bigint('user_id', { mode: 'number' }),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    confirmations: integer('confirmations').notNull(),
    status: text('status').notNull(),
    raw: jsonb('raw'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('chain_deposits_tx_key').on(t.network, t.txHash),
    index('chain_deposits_user_idx').on(t.userId, t.createdAt),
    check('chain_deposits_amount', sql`${t.amount} > 0 and ${t.confirmations} >= 0`),
    check('chain_deposits_status', oneOf(t.status, DEPOSIT_STATUSES)),
  ],
);
