import { sql } from 'drizzle-orm';
import { bigint, check, date, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Each user's tap energy and today's count; one row, locked while a batch is applied. */
export const tapStates = pgTable(
  'tap_states',
  {
    userId: bigint('user_id', { mode: 'number' }).primaryKey(),
    energy: integer('energy').notNull(),
    energyAt: timestamp('energy_at', { withTimezone: true }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    tappedToday: integer('tapped_today').notNull(),
  },
  (t) => [check('tap_states_counts', sql`${t.energy} >= 0 and ${t.tappedToday} >= 0`)],
);

/**
 * Every batch a client sent, by the id it chose: a replayed batch finds its
 * row and earns nothing again (kept, like ledger keys, for good).
 */
export const tapBatches = pgTable(
  'tap_batches',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    batchId: text('batch_id').notNull(),
    requested: integer('requested').notNull(),
    accepted: integer('accepted').notNull(),
    earned: bigint('earned', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.batchId] }),
    check('tap_batches_counts', sql`${t.accepted} >= 0 and ${t.accepted} <= ${t.requested} and ${t.earned} >= 0`),
  ],
);
