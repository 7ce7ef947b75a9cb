import { bigint, bigserial, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The people who run the platform (docs/operations.md, "Roles and permissions"). Separate from
 * players: their own table, sessions and tokens, so nothing a player holds opens /core/admin.
 */
export const operators = pgTable(
  'operators',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    login: text('login').notNull(),
    /** owner | finance | support | content | games (@prism/domain OPERATOR_ROLES). */
    role: text('role').notNull(),
    /** pending (setup link not used yet) | active | disabled. */
    status: text('status').notNull().default('pending'),
    /** argon2id (platform/passwords), set by the setup link. */
    passwordHash: text('password_hash'),
    /** The TOTP secret (base32), issued with the setup link and enrolled by it. */
    totpSecret: text('totp_secret'),
    /** The last TOTP time step accepted: the same code (step) is never accepted twice. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** The operator's Telegram user id: the bot obeys them by it (withdrawal review). */
    telegramId: bigint('telegram_id', { mode: 'number' }),
    /** operators.id of whoever created this one; 0 for the break-glass token. */
    createdBy: bigint('created_by', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('operators_login_idx').on(t.login), uniqueIndex('operators_telegram_idx').on(t.telegramId)],
);

/** One-time setup links (`/admin/setup/<token>`): sha256 of the token, 24 h, one use. */
export const operatorSetupTokens = pgTable(
  'operator_setup_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    operatorId: bigint('operator_id', { mode: 'number' })
      .notNull()
      .references(() => operators.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('operator_setup_tokens_operator_idx').on(t.operatorId)],
);

/** Recovery codes (sha256), shown once at setup; each signs in once in place of a TOTP code. */
export const operatorRecoveryCodes = pgTable(
  'operator_recovery_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    operatorId: bigint('operator_id', { mode: 'number' })
      .notNull()
      .references(() => operators.id),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('operator_recovery_codes_operator_idx').on(t.operatorId)],
);

/**
 * Console sessions: the cookie holds a random token, the row its sha256 (a database read does not
 * give a usable cookie), with the CSRF token's hash it must come with. 30 min idle, 12 h at most.
 */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull(),
    csrfHash: text('csrf_hash').notNull(),
    operatorId: bigint('operator_id', { mode: 'number' })
      .notNull()
      .references(() => operators.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    address: text('address').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('operator_sessions_token_idx').on(t.tokenHash), index('operator_sessions_operator_idx').on(t.operatorId)],
);

/** Personal API tokens (`Authorization: Ops <token>`, the CLI's and scripts'): sha256, named, revocable. */
export const operatorApiTokens = pgTable(
  'operator_api_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    operatorId: bigint('operator_id', { mode: 'number' })
      .notNull()
      .references(() => operators.id),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('operator_api_tokens_token_idx').on(t.tokenHash), index('operator_api_tokens_operator_idx').on(t.operatorId)],
);

export type OperatorRow = typeof operators.$inferSelect;
