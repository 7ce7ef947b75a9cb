import { ADJUSTMENT_DIRECTIONS, ADJUSTMENT_STATUSES, ASSETS } from '@prism/domain';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { oneOf } from '../../db/checks';

export type { AdjustmentStatus } from '@prism/domain';

/**
 * Manual balance adjustments (four eyes): one operator requests a credit or a debit of a user's
 * coin with a reason; a different operator approves it (the money moves through the ledger, from
 * or to the `adjustments` system account) or rejects it. pending -> approved | rejected, once.
 */
export const balanceAdjustments = pgTable(
  'balance_adjustments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    coin: text('coin').notNull(),
    direction: text('direction').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    reason: text('reason').notNull(),
    status: text('status').notNull().default('pending'),
    requestedById: bigint('requested_by_id', { mode: 'number' }).notNull(),
    requestedBy: text('requested_by').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    /** The audit row of the request ('adjustment.request'). */
    requestAuditId: bigint('request_audit_id', { mode: 'number' }).notNull(),
    decidedById: bigint('decided_by_id', { mode: 'number' }),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionReason: text('decision_reason'),
    /** The audit row of the decision; an approval's ledger transfer carries the same id. */
    decisionAuditId: bigint('decision_audit_id', { mode: 'number' }),
  },
  (t) => [
    index('balance_adjustments_status_idx').on(t.status, t.id),
    index('balance_adjustments_user_idx').on(t.userId, t.id),
    check('balance_adjustments_amount_positive', sql`${t.amount} > 0`),
    check('balance_adjustments_coin', oneOf(t.coin, ASSETS)),
    check('balance_adjustments_direction', oneOf(t.direction, ADJUSTMENT_DIRECTIONS)),
    check('balance_adjustments_status', oneOf(t.status, ADJUSTMENT_STATUSES)),
  ],
);

export type AdjustmentRow = typeof balanceAdjustments.$inferSelect;
