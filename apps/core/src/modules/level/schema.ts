import { ASSETS, LEVEL_TASK_KINDS } from '@prism/domain';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { oneOf } from '../../db/checks';

/** The levels the operator configured (seeded V0..V5, VU being level 3). `promotion` unlocks the subordinate promotion reward. */
export const levels = pgTable(
  'levels',
  {
    level: integer('level').primaryKey(),
    name: text('name').notNull(),
    promotion: boolean('promotion').notNull().default(false),
    /** The console's stale-form check compares it (packages/domain staleForm). */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('levels_level_not_negative', sql`${t.level} >= 0`)],
);

/**
 * A level's upgrade tasks. Disabling one (rather than deleting it) keeps the
 * rewards already collected pointing at it; a disabled task no longer counts.
 */
export const levelTasks = pgTable(
  'level_tasks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    level: integer('level')
      .notNull()
      .references(() => levels.level),
    kind: text('kind').notNull(),
    /** Minor units for money kinds, a count for 'invite'. */
    target: bigint('target', { mode: 'bigint' }).notNull(),
    asset: text('asset').notNull(),
    reward: bigint('reward', { mode: 'bigint' }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('level_tasks_level').on(t.level, t.id),
    check('level_tasks_kind', oneOf(t.kind, LEVEL_TASK_KINDS)),
    check('level_tasks_asset', oneOf(t.asset, ASSETS)),
    check('level_tasks_target_positive', sql`${t.target} > 0`),
    check('level_tasks_reward_not_negative', sql`${t.reward} >= 0`),
  ],
);

/**
 * One row per task a user collected. The unique (user, task) index is what
 * makes "collecting pays once" hold, also when twenty collects arrive at once.
 */
export const levelTaskClaims = pgTable(
  'level_task_claims',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    taskId: bigint('task_id', { mode: 'number' })
      .notNull()
      .references(() => levelTasks.id),
    asset: text('asset').notNull(),
    reward: bigint('reward', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('level_task_claims_user_task').on(t.userId, t.taskId),
    check('level_task_claims_reward_not_negative', sql`${t.reward} >= 0`),
  ],
);
