import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Gift codes the operator created: amount and asset per redemption, how many redemptions, until when. */
export const giftCodes = pgTable(
  'gift_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    code: text('code').notNull(),
    asset: text('asset').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    totalUses: integer('total_uses').notNull(),
    /** Taken by one conditional UPDATE per redemption, so it can never pass totalUses. */
    usedCount: integer('used_count').notNull().default(0),
    perUserOnce: boolean('per_user_once').notNull().default(true),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('gift_codes_code').on(t.code),
    check('gift_codes_amount_positive', sql`${t.amount} > 0`),
    check('gift_codes_uses', sql`${t.totalUses} >= 1 and ${t.usedCount} >= 0 and ${t.usedCount} <= ${t.totalUses}`),
  ],
);

/**
 * One row per redemption. `once` copies the code's per-user rule, so the
 * partial unique index refuses a second redemption by the same user, also
 * when two arrive at once.
 */
export const giftCodeRedemptions = pgTable(
  'gift_code_redemptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    codeId: bigint('code_id', { mode: 'number' })
      .notNull()
      .references(() => giftCodes.id),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    once: boolean('once').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    asset: text('asset').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('gift_code_redemptions_once').on(t.codeId, t.userId).where(sql`${t.once}`),
    index('gift_code_redemptions_user').on(t.userId, t.id),
    check('gift_code_redemptions_amount_positive', sql`${t.amount} > 0`),
  ],
);
