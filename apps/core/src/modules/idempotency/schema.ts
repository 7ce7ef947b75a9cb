import { sql } from 'drizzle-orm';
import { bigint, check, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Claimed Idempotency-Keys and the answer each gave (kept 48 h). `generation`
 * fences a claim: it grows by one each time a stale claim is taken over, and
 * only the holder of the current generation may move money or record the answer.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    key: text('key').notNull(),
    route: text('route').notNull(),
    requestHash: text('request_hash').notNull(),
    outcome: jsonb('outcome'),
    generation: integer('generation').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), check('idempotency_keys_generation_positive', sql`${t.generation} > 0`)],
);
