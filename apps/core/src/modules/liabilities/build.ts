import {
  buildSumTree,
  bytesToHex,
  LIABILITY_LINES,
  type LiabilityLedgerCheck,
  leafNode,
  localDate,
  rootOf,
  type SumNode,
  saltsOf,
  shuffleInPlace,
  userCommitment,
} from '@prism/domain';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { Random } from '../../platform/random';
import { type PlayerAmounts, type RunLedgerCheck, readLiabilities } from './read';
import { liabilityLeaves, liabilityNodes, liabilitySnapshots } from './schema';
import { insertLeaves, insertNodes } from './store';

/** How many of the newest snapshots keep their leaves and nodes (players can fetch their proof); older ones keep root and totals. */
export const LIABILITY_PROOFS_KEPT = 31;

export interface SnapshotDeps {
  db: Database;
  clock: Clock;
  random: Random;
  checkLedger: RunLedgerCheck;
}

export interface SnapshotResult {
  id: number;
  players: number;
  root: string;
  ledgerCheck: LiabilityLedgerCheck;
  /** Time to read the ledger, build the tree, and store it (ms). */
  timings: { readMs: number; treeMs: number; storeMs: number };
}

/** The tree over the players (shuffled with a fresh secret): leaves in their new order, every level, the root. */
export function buildLiabilityTree(players: PlayerAmounts[], random: Random) {
  const secret = random.bytes(32);
  // A random order per snapshot: a leaf's neighbours are nobody in particular and change every time.
  shuffleInPlace(players, (n) => random.int(n));
  const saltOf = saltsOf(secret);
  const leaves = players.map((p) => leafNode(userCommitment(saltOf(p.userId), p.userId), p.amounts));
  const levels = buildSumTree(leaves);
  return { secret, players, levels, root: rootOf(levels, LIABILITY_LINES.length) };
}

/** Drops the leaves and nodes of the snapshots older than the newest LIABILITY_PROOFS_KEPT (their rows stay). */
async function pruneProofs(tx: Executor, now: Date): Promise<void> {
  const kept = tx
    .select({ id: liabilitySnapshots.id })
    .from(liabilitySnapshots)
    .orderBy(desc(liabilitySnapshots.id))
    .limit(LIABILITY_PROOFS_KEPT);
  const old = await tx
    .select({ id: liabilitySnapshots.id })
    .from(liabilitySnapshots)
    .where(and(isNull(liabilitySnapshots.prunedAt), sql`${liabilitySnapshots.id} not in ${kept}`));
  for (const { id } of old) {
    await tx.delete(liabilityLeaves).where(eq(liabilityLeaves.snapshotId, id));
    await tx.delete(liabilityNodes).where(eq(liabilityNodes.snapshotId, id));
    await tx.update(liabilitySnapshots).set({ prunedAt: now }).where(eq(liabilitySnapshots.id, id));
  }
}

interface Built {
  takenAt: Date;
  day: string | null;
  check: LiabilityLedgerCheck;
  tree: ReturnType<typeof buildLiabilityTree>;
  buildMs: number;
}

/** Stores a built snapshot in one transaction; null when the day's daily snapshot exists already (another runner took it). */
async function store(db: Database, clock: Clock, built: Built): Promise<number | null> {
  const { tree, check } = built;
  const root: SumNode = tree.root;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(liabilitySnapshots)
      .values({
        takenAt: built.takenAt,
        day: built.day,
        trigger: built.day ? 'daily' : 'operator',
        root: bytesToHex(root.hash),
        lines: [...LIABILITY_LINES],
        totals: root.sums.map(String),
        players: tree.players.length,
        secret: tree.secret,
        ledgerCheckAt: new Date(check.at),
        ledgerCheckOk: check.ok,
        ledgerCheck: { ...check },
        buildMs: built.buildMs,
      })
      .onConflictDoNothing()
      .returning({ id: liabilitySnapshots.id });
    if (!row) return null;
    const leaves = tree.players.map((p, position) => ({ userId: p.userId, position, amounts: p.amounts }));
    await insertLeaves(tx, row.id, leaves);
    await insertNodes(tx, row.id, tree.levels, LIABILITY_LINES.length);
    await pruneProofs(tx, clock.now());
    return row.id;
  });
}

/**
 * Takes a snapshot: reads the ledger once (readLiabilities), builds the Merkle sum tree in one pass,
 * stores root, totals, leaves and nodes. `day` makes it the daily snapshot of that platform day
 * (taken once whoever runs it); without it, an extra snapshot an operator asked for.
 */
export async function takeSnapshot(deps: SnapshotDeps, day: string | null): Promise<SnapshotResult | null> {
  const { db, clock, random, checkLedger } = deps;
  const started = performance.now();
  const takenAt = clock.now();
  const { check, players } = await readLiabilities(db, clock, checkLedger);
  const read = performance.now();
  const tree = buildLiabilityTree(players, random);
  const built = performance.now();
  const id = await store(db, clock, { takenAt, day, check, tree, buildMs: Math.round(built - started) });
  if (id === null) return null;
  const timings = { readMs: read - started, treeMs: built - read, storeMs: performance.now() - built };
  return { id, players: players.length, root: bytesToHex(tree.root.hash), ledgerCheck: check, timings };
}

/** Whether the daily snapshot of `day` exists. */
export async function hasDailySnapshot(db: Executor, day: string): Promise<boolean> {
  const rows = await db.select({ id: liabilitySnapshots.id }).from(liabilitySnapshots).where(eq(liabilitySnapshots.day, day)).limit(1);
  return rows.length > 0;
}

/** The daily snapshot of the platform day now, unless it was taken (the job's turn; catches up after downtime at its next turn). */
export async function takeDailySnapshot(deps: SnapshotDeps, timeZone: string): Promise<SnapshotResult | null> {
  const day = localDate(deps.clock.now(), timeZone);
  if (await hasDailySnapshot(deps.db, day)) return null;
  return takeSnapshot(deps, day);
}
