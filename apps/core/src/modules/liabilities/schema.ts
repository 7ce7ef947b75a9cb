import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const bytes = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => Buffer.from(value),
  fromDriver: (value) => new Uint8Array(value),
});

/**
 * One row per snapshot of what the platform owes (docs/liabilities.md), kept for ever: when, the
 * Merkle sum tree's root, per line (a coin's balances, a coin's money in flight) the total in minor
 * units, and the ledger check run on the same view of the ledger. `secret` derives every player's
 * salt of this snapshot (never published). A daily snapshot is unique per platform day.
 */
export const liabilitySnapshots = pgTable(
  'liability_snapshots',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
    /** The platform day a daily snapshot stands for; null for one an operator asked for. */
    day: text('day'),
    trigger: text('trigger').notNull(),
    root: text('root').notNull(),
    /** The lines, in the leaves' order (LIABILITY_LINES when taken). */
    lines: jsonb('lines').$type<string[]>().notNull(),
    /** The root's sums, one per line, minor units as text. */
    totals: jsonb('totals').$type<string[]>().notNull(),
    players: integer('players').notNull(),
    secret: bytes('secret').notNull(),
    ledgerCheckAt: timestamp('ledger_check_at', { withTimezone: true }).notNull(),
    ledgerCheckOk: boolean('ledger_check_ok').notNull(),
    /** The check's figures (LiabilityLedgerCheck without at/ok). */
    ledgerCheck: jsonb('ledger_check').$type<Record<string, unknown>>().notNull(),
    buildMs: integer('build_ms').notNull(),
    /** Set when the snapshot's leaves and nodes were dropped (its root and totals stay). */
    prunedAt: timestamp('pruned_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('liability_snapshots_day_key').on(t.day).where(sql`${t.day} is not null`),
    index('liability_snapshots_taken_idx').on(t.takenAt),
  ],
);

/** Each player's leaf in a snapshot: where it stands in the tree and its amounts (minor units, comma-separated, per line). */
export const liabilityLeaves = pgTable(
  'liability_leaves',
  {
    snapshotId: bigint('snapshot_id', { mode: 'number' })
      .notNull()
      .references(() => liabilitySnapshots.id),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    position: integer('position').notNull(),
    amounts: text('amounts').notNull(),
  },
  (t) => [primaryKey({ columns: [t.snapshotId, t.userId] })],
);

/**
 * The tree's nodes, level 0 (the leaves) up to the root, in chunks of LIABILITY_NODE_CHUNK nodes a row:
 * each node is its 32-byte hash and its sums (16 bytes each, as the hash covers them). A proof reads
 * one chunk per level.
 */
export const liabilityNodes = pgTable(
  'liability_nodes',
  {
    snapshotId: bigint('snapshot_id', { mode: 'number' })
      .notNull()
      .references(() => liabilitySnapshots.id),
    level: integer('level').notNull(),
    chunk: integer('chunk').notNull(),
    nodes: bytes('nodes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.snapshotId, t.level, t.chunk] })],
);
