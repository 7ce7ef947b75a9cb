import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import type { GameResult } from './rules';

/**
 * Provably fair results (docs/fairness.md).
 *
 * Seed chain: a secret x0, then x(i) = SHA-256(x(i-1)) up to x(N); x(N) is
 * published first (the anchor). Sessions consume the chain backwards: the k-th
 * session of a chain uses seed x(N-k), whose hash is x(N-k+1), the seed revealed
 * by the session before it (or the anchor). So nobody can choose a seed after
 * the anchor is out, and every revealed seed proves itself.
 *
 * Result: HMAC-SHA256(key = seed bytes, message = "level|periodId|beacon");
 * take the digest's 4-byte big-endian words in order and keep the first below
 * 4,294,967,290 (the largest multiple of 10 under 2^32), mod 10. Rejection
 * makes every digit exactly equally likely. If all eight words are rejected
 * (probability ~10^-70) the digest is hashed again with SHA-256 and the walk goes on.
 */
export const REJECTION_LIMIT = 4_294_967_290;

export function hexToBytes(hex: string): Uint8Array {
  if (!/^([0-9a-f]{2})*$/.test(hex)) throw new Error('not lowercase hex');
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

export function bytesToHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The next link of the chain: SHA-256 of the seed's 32 bytes, as hex. */
export function hashSeed(seedHex: string): string {
  return bytesToHex(sha256(hexToBytes(seedHex)));
}

/** x(k) from x(0) by k hashes. */
export function chainSeed(originHex: string, k: number): string {
  let seed = originHex;
  for (let i = 0; i < k; i++) seed = hashSeed(seed);
  return seed;
}

/** Checks that a revealed seed hashes to the commitment shown while the session was open. */
export function verifySeed(seedHex: string, commitmentHex: string): boolean {
  return hashSeed(seedHex) === commitmentHex;
}

export function fairnessMessage(level: number, periodId: string, beacon: string): string {
  return `${level}|${periodId}|${beacon}`;
}

export function computeResult(seedHex: string, level: number, periodId: string, beacon: string): GameResult {
  return resultFromDigest(hmac(sha256, hexToBytes(seedHex), new TextEncoder().encode(fairnessMessage(level, periodId, beacon))));
}

/** The rejection walk over a digest's 4-byte words (exported for its own tests). */
export function resultFromDigest(first: Uint8Array): GameResult {
  let digest = first;
  for (;;) {
    const view = new DataView(digest.buffer, digest.byteOffset, digest.byteLength);
    for (let offset = 0; offset + 4 <= digest.length; offset += 4) {
      const word = view.getUint32(offset, false);
      if (word < REJECTION_LIMIT) return (word % 10) as GameResult;
    }
    digest = sha256(digest);
  }
}
