import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, date, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * One row per user and platform day signed. The unique (user, day) index is
 * what makes "signing twice in a day pays once" hold under concurrency.
 */
export const checkIns = pgTable(
  'sign_ins',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    /** The calendar day in the platform's time zone at the time of signing. */
    signDate: date('sign_date', { mode: 'string' }).notNull(),
    streakDay: integer('streak_day').notNull(),
    asset: text('asset').notNull(),
    reward: bigint('reward', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('sign_ins_user_day').on(t.userId, t.signDate),
    check('sign_ins_streak_day_positive', sql`${t.streakDay} >= 1`),
    check('sign_ins_reward_not_negative', sql`${t.reward} >= 0`),
  ],
);
