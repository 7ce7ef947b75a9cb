import { createHash, randomBytes, randomInt } from 'node:crypto';

/** Randomness, injected so that tests can make codes and keys predictable. */
export interface Random {
  bytes(length: number): Uint8Array;
  /** A uniformly chosen integer in [0, maxExclusive). */
  int(maxExclusive: number): number;
}

export const cryptoRandom: Random = {
  bytes: (length) => new Uint8Array(randomBytes(length)),
  int: (maxExclusive) => randomInt(maxExclusive),
};

/** Deterministic randomness from a seed (SHA-256 in counter mode): for tests only. */
export function seededRandom(seed: string): Random {
  let counter = 0;
  let pool = new Uint8Array(0);
  const take = (length: number): Uint8Array => {
    while (pool.length < length) {
      const block = createHash('sha256').update(`${seed}:${counter++}`).digest();
      const next = new Uint8Array(pool.length + block.length);
      next.set(pool);
      next.set(block, pool.length);
      pool = next;
    }
    const out = pool.slice(0, length);
    pool = pool.slice(length);
    return out;
  };
  return {
    bytes: take,
    int(maxExclusive) {
      const limit = Math.floor(0x1_0000_0000 / maxExclusive) * maxExclusive;
      for (;;) {
        const word = new DataView(take(4).buffer).getUint32(0);
        if (word < limit) return word % maxExclusive;
      }
    },
  };
}

/** A string of `length` characters from `alphabet`, without modulo bias. */
export function randomString(random: Random, alphabet: string, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[random.int(alphabet.length)];
  return out;
}

export function randomDigits(random: Random, length: number): string {
  return randomString(random, '0123456789', length);
}
