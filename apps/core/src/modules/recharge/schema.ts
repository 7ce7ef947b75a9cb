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
  /** When an operator last changed it: the console's stale-form check. */
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
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

export const EXCEPTION_KINDS = ['depositBelowMinimum', 'amountMismatch'] as const;
export type ExceptionKind = (typeof EXCEPTION_KINDS)[number];
export const EXCEPTION_STATUSES = ['open', 'creditRequested', 'refunding', 'credited', 'refunded'] as const;
export type ExceptionStatus = (typeof EXCEPTION_STATUSES)[number];

/**
 * Money that arrived but was not credited (docs/money.md, "Money exceptions"): a USDT deposit below
 * the minimum, a recharge order paid with another amount. Recorded with the deposit or the order;
 * an operator decides: refund (through the gateway or chain adapter) or credit (a second operator
 * approves). open | creditRequested -> refunding (claimed while the adapter pays back) -> refunded;
 * creditRequested -> credited.
 */
export const moneyExceptions = pgTable(
  'money_exceptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    /** chain_deposits.id (depositBelowMinimum) or recharge_orders.id (amountMismatch). */
    sourceId: bigint('source_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    coin: text('coin').notNull(),
    /** What arrived. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** What was expected: the order's amount, or the deposit minimum then. */
    expectedAmount: bigint('expected_amount', { mode: 'bigint' }).notNull(),
    /** The network (deposits) or the gateway (orders) the money came through. */
    route: text('route').notNull(),
    /** The chain transaction hash, or the order number. */
    reference: text('reference').notNull(),
    gatewayRef: text('gateway_ref'),
    status: text('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    requestedById: bigint('requested_by_id', { mode: 'number' }),
    requestedBy: text('requested_by'),
    requestReason: text('request_reason'),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionReason: text('decision_reason'),
    /** The audit row of the decision (refund or credit); a credit's ledger transfer carries it too. */
    decisionAuditId: bigint('decision_audit_id', { mode: 'number' }),
    /** The adapter's reference of the refund. */
    refundRef: text('refund_ref'),
  },
  (t) => [
    uniqueIndex('money_exceptions_source_key').on(t.kind, t.sourceId),
    index('money_exceptions_status_idx').on(t.status, t.id),
    check('money_exceptions_kind', oneOf(t.kind, EXCEPTION_KINDS)),
    check('money_exceptions_status', oneOf(t.status, EXCEPTION_STATUSES)),
    check('money_exceptions_amount', sql`${t.amount} > 0`),
  ],
);

/**
 * Refunds the sandbox adapters "sent" (play money): what a real gateway or chain would have been
 * asked to pay back, recorded once per key, so a test or an operator can see it happened.
 */
export const sandboxRefunds = pgTable('sandbox_refunds', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** 'gateway:<name>' or 'chain:<network>'. */
  rail: text('rail').notNull(),
  key: text('key').notNull().unique(),
  coin: text('coin').notNull(),
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
  destination: jsonb('destination').notNull(),
  reason: text('reason').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
