import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';

/**
 * A Merkle sum tree over every player's balances (docs/liabilities.md). Each node carries a hash and,
 * per line (a coin's balances, a coin's money in flight), the sum of the amounts below it; a parent's
 * hash covers both children's hashes AND both children's sums, so no sum can be changed, moved or
 * made negative by one child without the root's hash changing (the fix to the original Maxwell sum
 * tree, whose parent hashed only the total). Amounts are exact minor units (Money, bigint).
 */

/** Every sum is written as 16 bytes, big-endian: far above any total (MONEY_MAX times every player). */
export const SUM_BYTES = 16;
const SUM_LIMIT = 1n << BigInt(SUM_BYTES * 8);

/** Domain tags keep a user's commitment, a leaf and an inner node from ever hashing the same bytes. */
const TAG = { user: 'prism-liabilities-v1:user', leaf: 'prism-liabilities-v1:leaf', node: 'prism-liabilities-v1:node' } as const;
const text = new TextEncoder();

export interface SumNode {
  hash: Uint8Array;
  /** One non-negative amount per line, in the snapshot's order of lines. */
  sums: readonly bigint[];
}

/** Writes the sums as fixed-width bytes (the preimage of every hash, and the store's node format). */
export function encodeSums(sums: readonly bigint[]): Uint8Array {
  const out = new Uint8Array(sums.length * SUM_BYTES);
  const view = new DataView(out.buffer);
  sums.forEach((sum, line) => {
    if (sum < 0n || sum >= SUM_LIMIT) throw new RangeError(`a sum must be in [0, 2^128): ${sum}`);
    // Two 64-bit halves: two BigInt operations a sum instead of one a byte.
    view.setBigUint64(line * SUM_BYTES, sum >> 64n);
    view.setBigUint64(line * SUM_BYTES + 8, BigInt.asUintN(64, sum));
  });
  return out;
}

/** Reads `lines` sums written by encodeSums from `bytes` at `offset`. */
export function decodeSums(bytes: Uint8Array, offset: number, lines: number): bigint[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const sums: bigint[] = [];
  for (let line = 0; line < lines; line++) {
    const at = offset + line * SUM_BYTES;
    sums.push((view.getBigUint64(at) << 64n) | view.getBigUint64(at + 8));
  }
  return sums;
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * A user's salt in one snapshot: HMAC-SHA-256 of the user's id under the snapshot's secret. Each
 * snapshot draws a new secret, so a user's salt is new every snapshot and unguessable by anyone
 * else; the server keeps only the secret, not a salt per user.
 */
export function userSalt(snapshotSecret: Uint8Array, userId: number): Uint8Array {
  return hmac(sha256, snapshotSecret, text.encode(String(userId)));
}

/** userSalt for many users of one snapshot: the secret's keyed state is computed once and cloned per user. */
export function saltsOf(snapshotSecret: Uint8Array): (userId: number) => Uint8Array {
  const keyed = hmac.create(sha256, snapshotSecret);
  return (userId) =>
    keyed
      .clone()
      .update(text.encode(String(userId)))
      .digest();
}

/** Who the leaf belongs to, hidden: SHA-256 of the salt and the user's id. Without the salt nobody can tell whose it is. */
export function userCommitment(salt: Uint8Array, userId: number): Uint8Array {
  return sha256(concat([text.encode(TAG.user), salt, text.encode(String(userId))]));
}

/** A leaf: its hash covers the user's commitment and their amounts; its sums are the amounts. */
export function leafNode(commitment: Uint8Array, amounts: readonly bigint[]): SumNode {
  return { hash: sha256(concat([text.encode(TAG.leaf), commitment, encodeSums(amounts)])), sums: amounts };
}

/** A parent: its hash covers both children's hashes and sums; its sums are theirs added line by line. */
export function parentNode(left: SumNode, right: SumNode): SumNode {
  if (left.sums.length !== right.sums.length) throw new RangeError('children with different lines');
  const hash = sha256(concat([text.encode(TAG.node), left.hash, encodeSums(left.sums), right.hash, encodeSums(right.sums)]));
  return { hash, sums: left.sums.map((sum, line) => sum + (right.sums[line] ?? 0n)) };
}

/**
 * Builds the tree over the leaves in one pass per level: n - 1 parent hashes in all (O(n)). A level
 * with an odd count carries its last node up unchanged (its path simply skips that level), so no
 * padding leaf is invented. Answers every level, leaves first, the root last (a level of one node);
 * no leaves give no root.
 */
export function buildSumTree(leaves: readonly SumNode[]): SumNode[][] {
  const levels: SumNode[][] = [leaves.slice()];
  let level = levels[0] as SumNode[];
  while (level.length > 1) {
    const next: SumNode[] = [];
    for (let i = 0; i + 1 < level.length; i += 2) next.push(parentNode(level[i] as SumNode, level[i + 1] as SumNode));
    if (level.length % 2 === 1) next.push(level[level.length - 1] as SumNode);
    levels.push(next);
    level = next;
  }
  return levels;
}

/** How many nodes each level holds for `leaves` leaves (levels of one node end it). */
export function levelSizes(leaves: number): number[] {
  const sizes = [leaves];
  for (let size = leaves; size > 1; ) {
    size = Math.ceil(size / 2);
    sizes.push(size);
  }
  return sizes;
}

/** One step up from a node: its sibling, and on which side the sibling stands. */
export interface PathStep {
  side: 'left' | 'right';
  node: SumNode;
}

/**
 * The positions of the siblings on the path from leaf `position` to the root, level by level (a
 * level where the node stands alone has none): what a store must read to answer a proof.
 */
export function siblingPositions(leaves: number, position: number): { level: number; position: number; side: 'left' | 'right' }[] {
  const sizes = levelSizes(leaves);
  const out: { level: number; position: number; side: 'left' | 'right' }[] = [];
  let at = position;
  for (let level = 0; level < sizes.length - 1; level++) {
    const sibling = at ^ 1;
    if (sibling < (sizes[level] ?? 0)) out.push({ level, position: sibling, side: sibling < at ? 'left' : 'right' });
    at >>= 1;
  }
  return out;
}

/** The path from leaf `position` to the root of a built tree. */
export function pathOf(levels: readonly SumNode[][], position: number): PathStep[] {
  return siblingPositions(levels[0]?.length ?? 0, position).map((step) => ({
    side: step.side,
    node: levels[step.level]?.[step.position] as SumNode,
  }));
}

/** The hash and sums a leaf and its path lead to. */
export function rootFromPath(leaf: SumNode, path: readonly PathStep[]): SumNode {
  return path.reduce((node, step) => (step.side === 'left' ? parentNode(step.node, node) : parentNode(node, step.node)), leaf);
}

/** The root of a tree with no leaves (no player holds an account yet): a fixed hash, every sum zero. */
export function emptyRoot(lines: number): SumNode {
  return { hash: sha256(text.encode('prism-liabilities-v1:empty')), sums: Array.from({ length: lines }, () => 0n) };
}

/** The root of built levels (the empty root when there are no leaves). */
export function rootOf(levels: readonly SumNode[][], lines: number): SumNode {
  return levels[levels.length - 1]?.[0] ?? emptyRoot(lines);
}

/** Shuffles in place (Fisher-Yates) with the randomness handed in: O(n). */
export function shuffleInPlace<T>(items: T[], randomInt: (maxExclusive: number) => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    const item = items[i] as T;
    items[i] = items[j] as T;
    items[j] = item;
  }
  return items;
}
