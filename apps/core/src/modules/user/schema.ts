import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** A Prism account: a phone number with a password, optionally linked to one Telegram user. */
export const users = pgTable(
  'users',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    phone: text('phone').notNull(),
    areaCode: text('area_code').notNull(),
    passwordHash: text('password_hash').notNull(),
    assetPasswordHash: text('asset_password_hash'),
    /** Wrong payment passwords are counted in password_throttles (throttle). */
    nickName: text('nick_name').notNull().default(''),
    /** 0 unknown, 1 male, 2 female. */
    sex: smallint('sex').notNull().default(0),
    headUrl: text('head_url').notNull().default(''),
    invitationCode: text('invitation_code').notNull(),
    parentId: bigint('parent_id', { mode: 'number' }),
    level: integer('level').notNull().default(0),
    /** 1 active, 0 disabled by an operator. */
    userStatus: smallint('user_status').notNull().default(1),
    /** 1 ordinary user. */
    userType: smallint('user_type').notNull().default(1),
    remark: text('remark').notNull().default(''),
    /** The language of the last login, for messages sent when the user is not asking (bot notices). */
    locale: text('locale').notNull().default('en-US'),
    telegramId: bigint('telegram_id', { mode: 'number' }),
    telegramUsername: text('telegram_username'),
    /**
     * When the player deleted the account (docs/operations.md, "Account deletion and data export"):
     * its personal fields are erased and it can never sign in or be enabled again.
     */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** Why it was closed ('player': the player deleted it from the app); no personal data. */
    closedReason: text('closed_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_phone_key').on(t.areaCode, t.phone),
    uniqueIndex('users_invitation_code_key').on(t.invitationCode),
    uniqueIndex('users_telegram_id_key').on(t.telegramId).where(sql`${t.telegramId} is not null`),
    index('users_parent_id_idx').on(t.parentId),
  ],
);

export type UserRow = typeof users.$inferSelect;

/**
 * users.id for other modules' foreign keys (`.references(userIdReference)`): their rows belong to a
 * user, and the database keeps it so. The door gives out this column alone, not the table: others
 * read and write accounts through this module's functions.
 */
export const userIdReference = () => users.id;
