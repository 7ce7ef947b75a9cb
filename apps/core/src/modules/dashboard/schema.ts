import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The operator dashboard's daily aggregates of the ledger: per UTC day, coin, kind and room, the
 * count and sum of the transfers (modules/dashboard/aggregates.ts). Kind is the transfer's type,
 * or '~house' for the signed change of the house account (in minus out). Filled incrementally by
 * transfer id (dashboard_watermark), so a dashboard request reads days, not transfers.
 */
export const dashboardDaily = pgTable(
  'dashboard_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    coin: text('coin').notNull(),
    kind: text('kind').notNull(),
    /** The game room of bets, payouts and game fees; 0 for every other transfer. */
    room: integer('room').notNull().default(0),
    transfers: bigint('transfers', { mode: 'bigint' }).notNull().default(sql`0`),
    amount: bigint('amount', { mode: 'bigint' }).notNull().default(sql`0`),
  },
  (t) => [primaryKey({ columns: [t.day, t.coin, t.kind, t.room] })],
);

/** Per player, the last time they placed a bet (the dashboard's active players), filled with the aggregates. */
export const dashboardPlayers = pgTable(
  'dashboard_players',
  {
    userId: bigint('user_id', { mode: 'number' }).primaryKey(),
    lastBetAt: timestamp('last_bet_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('dashboard_players_last_bet_idx').on(t.lastBetAt)],
);

/**
 * One row (id 1): the last ledger transfer id folded into the aggregates. Every refresh locks it
 * (FOR UPDATE) in the transaction that adds to the sums, so two processes never count a transfer twice.
 */
export const dashboardWatermark = pgTable('dashboard_watermark', {
  id: integer('id').primaryKey(),
  lastTransferId: bigint('last_transfer_id', { mode: 'number' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** Each ledger check run from the console (POST /core/admin/ledger/check/run): when, by whom, the result. */
export const dashboardLedgerChecks = pgTable(
  'dashboard_ledger_checks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    ok: boolean('ok').notNull(),
    /** A few figures of the report (transfers, accounts, mismatches, ...), shown on the dashboard. */
    summary: jsonb('summary').notNull(),
    operatorLogin: text('operator_login').notNull(),
    durationMs: integer('duration_ms').notNull(),
  },
  (t) => [index('dashboard_ledger_checks_at_idx').on(t.at)],
);
