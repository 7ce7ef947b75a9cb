import { bigint, bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The operators' audit log: one append-only row per operator action, whatever it came through
 * (console, CLI, bot, API). Nothing in the application updates or deletes a row; docs/operations.md
 * shows the database role that cannot either. Ledger transfers an operator caused carry its id.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** operators.id; 0 for the break-glass token. */
    operatorId: bigint('operator_id', { mode: 'number' }).notNull(),
    /** Kept as it was then: an operator renamed or removed later still reads right here. */
    operatorLogin: text('operator_login').notNull(),
    operatorRole: text('operator_role').notNull(),
    /** console | cli | bot | api | breakGlass */
    via: text('via').notNull(),
    /** The client address the request came from ('' for work the server did on the operator's behalf). */
    address: text('address').notNull().default(''),
    /** What was done, e.g. 'withdrawal.approve', 'config.set', 'operator.create'. */
    action: text('action').notNull(),
    /** What it was done to, e.g. 'withdrawal' + '12', 'user' + '7', 'setting' + 'customer_service_url'. */
    targetType: text('target_type').notNull().default(''),
    targetId: text('target_id').notNull().default(''),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    requestId: text('request_id'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_operator_idx').on(t.operatorId, t.id),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.id),
    index('audit_log_action_idx').on(t.action, t.id),
  ],
);

export type AuditRow = typeof auditLog.$inferSelect;
