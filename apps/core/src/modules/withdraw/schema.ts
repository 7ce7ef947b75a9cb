import { WALLET_CURRENCIES, type WithdrawalView } from '@prism/domain';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { oneOf } from '../../db/checks';

const WITHDRAWAL_STATUSES = ['pending_review', 'paid', 'rejected'] as const satisfies readonly WithdrawalView['status'][];

/** Bank cards for CASH withdrawals. Removing one keeps the row (withdrawals refer to it). */
export const bankCards = pgTable(
  'bank_cards',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    bankName: text('bank_name').notNull(),
    cardNumber: text('card_number').notNull(),
    holderName: text('holder_name').notNull(),
    ifsc: text('ifsc').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('bank_cards_user_number_key').on(t.userId, t.cardNumber).where(sql`${t.removedAt} is null`),
    index('bank_cards_user_idx').on(t.userId),
  ],
);

/** The user's own USDT address per network, where USDT withdrawals go. */
export const userWallets = pgTable(
  'user_wallets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    network: text('network').notNull(),
    address: text('address').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('user_wallets_user_network_key').on(t.userId, t.network)],
);

/**
 * Withdrawals. The amount leaves the user's account for "withdrawals in flight"
 * at once; pending_review -> paid (approved) | rejected (refunded, with a reason).
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderNo: text('order_no').notNull().unique(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    fee: bigint('fee', { mode: 'bigint' }).notNull(),
    receive: bigint('receive', { mode: 'bigint' }).notNull(),
    /** 'bank' or a USDT network. */
    channel: text('channel').notNull(),
    /** A snapshot of where the money goes (card or address), as it was when requested. */
    destination: jsonb('destination').notNull(),
    status: text('status').notNull(),
    autoApproved: boolean('auto_approved').notNull().default(false),
    reason: text('reason'),
    decidedBy: text('decided_by'),
    /** Four eyes (above the coin's secondApprovalAbove): the first approver, until a different one approves. */
    firstApprovedById: bigint('first_approved_by_id', { mode: 'number' }),
    firstApprovedBy: text('first_approved_by'),
    firstApprovedAt: timestamp('first_approved_at', { withTimezone: true }),
    /** The calendar day in the window's time zone, for the daily cap. */
    localDay: text('local_day').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('withdrawals_user_idx').on(t.userId, t.createdAt),
    index('withdrawals_status_idx').on(t.status, t.createdAt),
    check('withdrawals_amount_positive', sql`${t.amount} > 0`),
    check('withdrawals_fee_receive', sql`${t.fee} >= 0 and ${t.receive} >= 0 and ${t.fee} + ${t.receive} = ${t.amount}`),
    check('withdrawals_status', oneOf(t.status, WITHDRAWAL_STATUSES)),
    check('withdrawals_currency', oneOf(t.currency, WALLET_CURRENCIES)),
  ],
);
