import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../db/client';

/**
 * Numbers that are unique by construction, for order numbers (bets, recharges, withdrawals).
 * Random order numbers collide by the birthday bound (8 characters of 34 for a bet: about 1 % in a
 * session of 200,000 bets, answered with a 500). These come from a database sequence, a block at
 * a time (hi/lo): each block is one process's alone, so no two callers, in any process, ever get
 * the same number, and a block costs one round trip per BLOCK numbers.
 */
export interface SequenceNumbers {
  /** The next number. `on`: the caller's executor (a transaction on PGlite's single connection). */
  next(on: Executor): Promise<bigint>;
}

const BLOCK = 1000n;
/** Sequences made for this (migration order_number_sequences); the name goes into SQL as is. */
export type NumberSequence = 'bet_numbers' | 'recharge_numbers' | 'withdrawal_numbers';

export function sequenceNumbers(sequence: NumberSequence): SequenceNumbers {
  let current = 0n;
  let end = 0n;
  return {
    async next(on) {
      if (current < end) return current++;
      const [row] = await queryRows<{ block: string }>(on, sql.raw(`select nextval('${sequence}')::text as block`));
      const start = BigInt(row?.block ?? '0') * BLOCK;
      // Two callers that found the block empty at once each take their own block: the rest of the
      // one replaced is never used (a gap, never a repeat).
      current = start + 1n;
      end = start + BLOCK;
      return start;
    },
  };
}

/**
 * `n` as `length` characters of `alphabet`, scrambled so that consecutive numbers do not look
 * consecutive: n -> (n * K + C) mod alphabet^length is a bijection (K shares no factor with the
 * alphabet's size), so distinct numbers below alphabet^length give distinct codes.
 */
export function numberCode(n: bigint, alphabet: string, length: number): string {
  const base = BigInt(alphabet.length);
  const modulus = base ** BigInt(length);
  const k = coprimeMultiplier(base);
  let value = ((((n % modulus) * k + 0x5bd1e995n) % modulus) + modulus) % modulus;
  let code = '';
  for (let i = 0; i < length; i++) {
    code = (alphabet[Number(value % base)] as string) + code;
    value /= base;
  }
  return code;
}

/** A large multiplier with no prime factor in common with the base (so scrambling is a bijection). */
function coprimeMultiplier(base: bigint): bigint {
  let k = 2_654_435_761n;
  const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? a : gcd(b, a % b));
  while (gcd(k, base) !== 1n) k += 2n;
  return k;
}
