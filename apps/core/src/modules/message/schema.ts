import { bigint, bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * System messages to one user. Stored as a kind and its parameters and written
 * out in the reader's language when read, so a message follows a language change.
 */
export const sysMessages = pgTable(
  'sys_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    params: jsonb('params').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [index('sys_messages_user_idx').on(t.userId, t.createdAt)],
);
