import { encodeSums, SUM_BYTES, type SumNode } from '@prism/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { liabilityNodes } from './schema';

/** Nodes per stored chunk: a proof reads one chunk per level (about 30 KB each with 7 lines). */
export const LIABILITY_NODE_CHUNK = 256;
/** Leaves written per statement. */
const LEAF_BATCH = 10_000;
/** Chunk rows written per statement. */
const CHUNK_BATCH = 200;

export const nodeBytes = (lines: number) => 32 + lines * SUM_BYTES;

/** A player's leaf as stored: where it stands and its amounts. */
export interface StoredLeaf {
  userId: number;
  position: number;
  amounts: readonly bigint[];
}

/** A PostgreSQL array literal of values that need no quoting (digits, or digits and commas quoted). */
const arrayOf = (values: readonly (string | number)[], quoted = false) =>
  `{${values.map((v) => (quoted ? `"${v}"` : String(v))).join(',')}}`;

/** Writes the leaves in batches, each one statement (unnest of three arrays). */
export async function insertLeaves(tx: Executor, snapshotId: number, leaves: readonly StoredLeaf[]): Promise<void> {
  for (let from = 0; from < leaves.length; from += LEAF_BATCH) {
    const batch = leaves.slice(from, from + LEAF_BATCH);
    await tx.execute(sql`insert into liability_leaves (snapshot_id, user_id, position, amounts)
      select ${snapshotId}, u, p, a from unnest(${arrayOf(batch.map((l) => l.userId))}::bigint[],
        ${arrayOf(batch.map((l) => l.position))}::int[], ${arrayOf(
          batch.map((l) => l.amounts.join(',')),
          true,
        )}::text[]) as x(u, p, a)`);
  }
}

function encodeChunk(nodes: readonly SumNode[], lines: number): Uint8Array {
  const size = nodeBytes(lines);
  const out = new Uint8Array(nodes.length * size);
  nodes.forEach((node, i) => {
    out.set(node.hash, i * size);
    out.set(encodeSums(node.sums), i * size + 32);
  });
  return out;
}

/** Writes every level of the tree in chunks of LIABILITY_NODE_CHUNK nodes. */
export async function insertNodes(tx: Executor, snapshotId: number, levels: readonly SumNode[][], lines: number): Promise<void> {
  const rows: { snapshotId: number; level: number; chunk: number; nodes: Uint8Array }[] = [];
  levels.forEach((nodes, level) => {
    for (let chunk = 0; chunk * LIABILITY_NODE_CHUNK < nodes.length; chunk++) {
      const slice = nodes.slice(chunk * LIABILITY_NODE_CHUNK, (chunk + 1) * LIABILITY_NODE_CHUNK);
      rows.push({ snapshotId, level, chunk, nodes: encodeChunk(slice, lines) });
    }
  });
  for (let from = 0; from < rows.length; from += CHUNK_BATCH) {
    await tx.insert(liabilityNodes).values(rows.slice(from, from + CHUNK_BATCH));
  }
}
