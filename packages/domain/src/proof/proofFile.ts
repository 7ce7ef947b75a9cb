import { bytesToHex, hexToBytes } from '../game/fairness';
import { leafNode, type PathStep, rootFromPath, type SumNode, userCommitment } from './sumTree';

/** What the file `npm run verify -- liabilities <file>` reads says it is (docs/liabilities.md). */
export const LIABILITY_PROOF_KIND = 'prism-liabilities-proof';
export const LIABILITY_PROOF_VERSION = 1;

/** A node as the wire and the proof file carry it: hash in lowercase hex, sums in minor units (integer strings). */
export interface WireSumNode {
  hash: string;
  sums: string[];
}

/**
 * A player's proof of inclusion in one snapshot: their leaf (id, salt, amounts), the siblings on the
 * way up, and the published root. Amounts are minor units (hundredths) as integer strings, one per
 * line of `lines` (e.g. "balance:CASH", "inFlight:USDT").
 */
export interface LiabilityProof {
  kind: typeof LIABILITY_PROOF_KIND;
  version: typeof LIABILITY_PROOF_VERSION;
  snapshotId: number;
  takenAt: string;
  lines: string[];
  userId: number;
  salt: string;
  amounts: string[];
  path: (WireSumNode & { side: 'left' | 'right' })[];
  root: WireSumNode;
}

export interface ProofCheck {
  name: 'format' | 'non-negative' | 'root hash' | 'root sums';
  ok: boolean;
  detail: string;
}

export interface ProofVerdict {
  ok: boolean;
  checks: ProofCheck[];
}

const HASH = /^[0-9a-f]{64}$/;
const INTEGER = /^-?\d{1,40}$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isAmounts(value: unknown, lines: number): value is string[] {
  return Array.isArray(value) && value.length === lines && value.every((v) => typeof v === 'string' && INTEGER.test(v));
}

function isNode(value: unknown, lines: number): value is WireSumNode {
  return isRecord(value) && typeof value.hash === 'string' && HASH.test(value.hash) && isAmounts(value.sums, lines);
}

const isSide = (side: unknown) => side === 'left' || side === 'right';

function isLines(value: unknown): value is string[] {
  return Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string' && v.length > 0);
}

/** Why a value is not a proof file (a sentence), or null when its shape is right. */
export function proofFormatProblem(value: unknown): string | null {
  if (!isRecord(value)) return 'not a JSON object';
  if (value.kind !== LIABILITY_PROOF_KIND || value.version !== LIABILITY_PROOF_VERSION)
    return `not a ${LIABILITY_PROOF_KIND} file of version ${LIABILITY_PROOF_VERSION}`;
  if (!isLines(value.lines)) return 'the list of lines is missing';
  const lines = value.lines.length;
  if (!Number.isSafeInteger(value.userId) || typeof value.salt !== 'string' || !HASH.test(value.salt))
    return 'the user id or the salt is malformed';
  if (!isAmounts(value.amounts, lines)) return `the amounts must be ${lines} whole numbers of minor units`;
  if (!Array.isArray(value.path) || value.path.length > 64) return 'the path is missing or too long';
  const badStep = value.path.findIndex((step: unknown) => !isNode(step, lines) || !isSide((step as { side?: unknown }).side));
  if (badStep >= 0) return `step ${badStep + 1} of the path is malformed`;
  if (!isNode(value.root, lines)) return 'the root is malformed';
  return null;
}

const toNode = (node: WireSumNode): SumNode => ({ hash: hexToBytes(node.hash), sums: node.sums.map(BigInt) });
const sumsText = (sums: readonly bigint[]) => sums.map(String).join(', ');

/** The first amount below zero in the leaf or on the path, as words, or null. */
function negativeAmount(proof: LiabilityProof): string | null {
  if (proof.amounts.some((a) => BigInt(a) < 0n)) return 'the leaf has an amount below zero';
  const step = proof.path.findIndex((s) => s.sums.some((a) => BigInt(a) < 0n));
  if (step >= 0) return `step ${step + 1} of the path has a sum below zero`;
  if (proof.root.sums.some((a) => BigInt(a) < 0n)) return 'the root has a sum below zero';
  return null;
}

/**
 * Verifies a proof from its own content: the leaf is recomputed from the user's id, salt and
 * amounts, hashed up the path with every sibling's hash and sums, and must land on the root's hash
 * and sums exactly; every amount and sum must be at or above zero (a negative sibling could hide a
 * player's balance). Whether the root is the one the platform published is the last comparison the
 * reader makes (the page, /core/app/public/liabilities).
 */
export function verifyLiabilityProof(value: unknown): ProofVerdict {
  const problem = proofFormatProblem(value);
  if (problem) return { ok: false, checks: [{ name: 'format', ok: false, detail: problem }] };
  const proof = value as LiabilityProof;
  const checks: ProofCheck[] = [{ name: 'format', ok: true, detail: `${proof.lines.length} lines, ${proof.path.length} steps` }];
  const negative = negativeAmount(proof);
  checks.push({ name: 'non-negative', ok: negative === null, detail: negative ?? 'every amount and sum is zero or more' });
  if (negative) return { ok: false, checks };
  const leaf = leafNode(userCommitment(hexToBytes(proof.salt), proof.userId), proof.amounts.map(BigInt));
  const path: PathStep[] = proof.path.map((step) => ({ side: step.side, node: toNode(step) }));
  const reached = rootFromPath(leaf, path);
  const root = toNode(proof.root);
  const hashOk = bytesToHex(reached.hash) === proof.root.hash;
  checks.push({ name: 'root hash', ok: hashOk, detail: hashOk ? proof.root.hash : `the path leads to ${bytesToHex(reached.hash)}` });
  const sumsOk = reached.sums.every((sum, line) => sum === root.sums[line]);
  checks.push({ name: 'root sums', ok: sumsOk, detail: sumsOk ? sumsText(root.sums) : `the path adds up to ${sumsText(reached.sums)}` });
  return { ok: checks.every((c) => c.ok), checks };
}

/** A node as the wire carries it. */
export function wireNode(node: SumNode): WireSumNode {
  return { hash: bytesToHex(node.hash), sums: node.sums.map(String) };
}

/** The proof of one leaf: what the server answers and the file the player downloads. */
export function liabilityProof(input: {
  snapshotId: number;
  takenAt: string;
  lines: readonly string[];
  userId: number;
  salt: Uint8Array;
  amounts: readonly bigint[];
  path: readonly PathStep[];
  root: SumNode;
}): LiabilityProof {
  return {
    kind: LIABILITY_PROOF_KIND,
    version: LIABILITY_PROOF_VERSION,
    snapshotId: input.snapshotId,
    takenAt: input.takenAt,
    lines: [...input.lines],
    userId: input.userId,
    salt: bytesToHex(input.salt),
    amounts: input.amounts.map(String),
    path: input.path.map((step) => ({ side: step.side, ...wireNode(step.node) })),
    root: wireNode(input.root),
  };
}
