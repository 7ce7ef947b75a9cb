import {
  AppError,
  decodeSums,
  formatMoney,
  hexToBytes,
  type LiabilitiesHistoryItem,
  type LiabilitiesSnapshotView,
  type LiabilityLedgerCheck,
  liabilityProof,
  type MyLiabilityProof,
  type Paged,
  type PathStep,
  siblingPositions,
  userSalt,
} from '@prism/domain';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { LIABILITY_COINS } from './read';
import { liabilityLeaves, liabilityNodes, liabilitySnapshots } from './schema';
import { LIABILITY_NODE_CHUNK, nodeBytes } from './store';

type SnapshotRow = typeof liabilitySnapshots.$inferSelect;

/** Per coin, owed and in flight, from the root's sums (decimal strings). */
function coinsOf(row: SnapshotRow) {
  const total = (kind: string, coin: string) => {
    const line = row.lines.indexOf(`${kind}:${coin}`);
    return formatMoney(line >= 0 ? BigInt(row.totals[line] ?? '0') : 0n);
  };
  return LIABILITY_COINS.map((coin) => ({ coin, owed: total('balance', coin), inFlight: total('inFlight', coin) }));
}

function viewOf(row: SnapshotRow): LiabilitiesSnapshotView {
  const check = row.ledgerCheck as Omit<LiabilityLedgerCheck, 'at' | 'ok'>;
  return {
    id: row.id,
    takenAt: row.takenAt.toISOString(),
    root: row.root,
    rootSums: row.totals,
    lines: row.lines,
    players: row.players,
    coins: coinsOf(row),
    ledgerCheck: { ...check, at: row.ledgerCheckAt.toISOString(), ok: row.ledgerCheckOk },
  };
}

/** The id of the newest snapshot, or 0 before the first. */
export async function latestSnapshotId(db: Executor): Promise<number> {
  const [row] = await db.select({ id: sql<number>`max(${liabilitySnapshots.id})` }).from(liabilitySnapshots);
  return Number(row?.id ?? 0);
}

/** A snapshot's public view (null for an unknown id). */
export async function snapshotView(db: Executor, id: number): Promise<LiabilitiesSnapshotView | null> {
  const [row] = await db.select().from(liabilitySnapshots).where(eq(liabilitySnapshots.id, id));
  return row ? viewOf(row) : null;
}

/** One page of past snapshots, newest first. */
export async function snapshotHistory(db: Executor, pageNo: number, pageSize: number): Promise<Paged<LiabilitiesHistoryItem>> {
  const rows = await db
    .select({
      id: liabilitySnapshots.id,
      takenAt: liabilitySnapshots.takenAt,
      root: liabilitySnapshots.root,
      players: liabilitySnapshots.players,
      ledgerOk: liabilitySnapshots.ledgerCheckOk,
      prunedAt: liabilitySnapshots.prunedAt,
    })
    .from(liabilitySnapshots)
    .orderBy(desc(liabilitySnapshots.id))
    .limit(pageSize)
    .offset((pageNo - 1) * pageSize);
  const [total] = await db.select({ n: count() }).from(liabilitySnapshots);
  const content = rows.map(({ prunedAt, takenAt, ...row }) => ({ ...row, takenAt: takenAt.toISOString(), proofsKept: prunedAt === null }));
  return { content, totalElements: Number(total?.n ?? 0), pageNo };
}

/** The sibling nodes of a leaf's path, read one chunk per level. */
async function pathSteps(db: Executor, row: SnapshotRow, position: number): Promise<PathStep[]> {
  const steps = siblingPositions(row.players, position);
  if (steps.length === 0) return [];
  const wanted = steps.map((s) => sql`(${s.level}, ${Math.floor(s.position / LIABILITY_NODE_CHUNK)})`);
  const chunks = await db
    .select({ level: liabilityNodes.level, chunk: liabilityNodes.chunk, nodes: liabilityNodes.nodes })
    .from(liabilityNodes)
    .where(
      and(eq(liabilityNodes.snapshotId, row.id), sql`(${liabilityNodes.level}, ${liabilityNodes.chunk}) in (${sql.join(wanted, sql`, `)})`),
    );
  const size = nodeBytes(row.lines.length);
  return steps.map((step) => {
    const chunk = chunks.find((c) => c.level === step.level && c.chunk === Math.floor(step.position / LIABILITY_NODE_CHUNK));
    if (!chunk) throw new Error(`liability node ${row.id}/${step.level}/${step.position} missing`);
    const at = (step.position % LIABILITY_NODE_CHUNK) * size;
    return { side: step.side, node: { hash: chunk.nodes.slice(at, at + 32), sums: decodeSums(chunk.nodes, at + 32, row.lines.length) } };
  });
}

/**
 * The caller's own proof in a snapshot (the newest when `snapshotId` is absent): their leaf, its
 * path and the root. Only ever the caller's: the user id comes from their session, never the request.
 */
export async function myProof(db: Executor, userId: number, snapshotId?: number): Promise<MyLiabilityProof> {
  const id = snapshotId ?? (await latestSnapshotId(db));
  if (id === 0) return { proof: null, reason: 'noSnapshot' };
  const [row] = await db.select().from(liabilitySnapshots).where(eq(liabilitySnapshots.id, id));
  if (!row) throw new AppError('LIABILITY_SNAPSHOT_UNKNOWN');
  if (row.prunedAt) throw new AppError('LIABILITY_PROOF_PRUNED');
  const [leaf] = await db
    .select({ position: liabilityLeaves.position, amounts: liabilityLeaves.amounts })
    .from(liabilityLeaves)
    .where(and(eq(liabilityLeaves.snapshotId, id), eq(liabilityLeaves.userId, userId)));
  if (!leaf) return { proof: null, reason: 'notIncluded' };
  const proof = liabilityProof({
    snapshotId: id,
    takenAt: row.takenAt.toISOString(),
    lines: row.lines,
    userId,
    salt: userSalt(row.secret, userId),
    amounts: leaf.amounts.split(',').map(BigInt),
    path: await pathSteps(db, row, leaf.position),
    root: { hash: hexToBytes(row.root), sums: row.totals.map(BigInt) },
  });
  return { proof, reason: null };
}
