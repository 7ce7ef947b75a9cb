import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { sha256Hex } from '../../platform/hash';
import type { Random } from '../../platform/random';
import { gameChains } from './schema';

/**
 * The seed chain of a room (docs/fairness.md). Seeds are x(i) = SHA-256(x(i-1)),
 * computed here with node:crypto (the domain's hashSeed is the same rule, for
 * verifiers); the k-th session of a chain takes x(length - k).
 */
export interface ChainDeps {
  secret: string;
  random: Random;
  clock: Clock;
  /** Seeds per chain; a new chain (new public anchor) starts when one runs out. */
  length: number;
}

/** One SHA-256 of a hex string's bytes. */
const sha256OfHex = (hex: string): string => sha256Hex(Buffer.from(hex, 'hex'));

function walk(originHex: string, steps: number): string {
  let seed = originHex;
  for (let i = 0; i < steps; i++) seed = sha256OfHex(seed);
  return seed;
}

function sealingKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('prism-game-seed-sealing').digest();
}

/** AES-256-GCM with a key from the server secret: a database dump alone does not reveal future results. */
export function seal(secret: string, plainHex: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(secret), iv);
  const body = Buffer.concat([cipher.update(plainHex, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
}

export function unseal(secret: string, sealed: string): string {
  const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !body) throw new Error('sealed seed is malformed');
  const decipher = createDecipheriv('aes-256-gcm', sealingKey(secret), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
}

export interface SeedSlot {
  chainId: number;
  chainIndex: number;
  /** What the session shows while open: SHA-256 of its seed. */
  commitment: string;
  seedSealed: string;
}

/**
 * Takes the next seed of the room's chain (creating a chain when none has
 * seeds left). The caller holds the room's lock, so slots are taken in order.
 */
export async function takeSeedSlot(tx: Executor, deps: ChainDeps, level: number): Promise<SeedSlot> {
  let [chain] = await tx
    .select()
    .from(gameChains)
    .where(and(eq(gameChains.level, level), lt(gameChains.used, gameChains.length)))
    .orderBy(desc(gameChains.id))
    .limit(1)
    .for('update');
  if (!chain) {
    const origin = Buffer.from(deps.random.bytes(32)).toString('hex');
    [chain] = await tx
      .insert(gameChains)
      .values({
        level,
        anchor: walk(origin, deps.length),
        length: deps.length,
        originSealed: seal(deps.secret, origin),
        createdAt: deps.clock.now(),
      })
      .returning();
    if (!chain) throw new Error('could not create a seed chain');
  }
  const chainIndex = chain.used + 1;
  await tx
    .update(gameChains)
    .set({ used: sql`${gameChains.used} + 1` })
    .where(eq(gameChains.id, chain.id));
  const seed = walk(unseal(deps.secret, chain.originSealed), chain.length - chainIndex);
  return { chainId: chain.id, chainIndex, commitment: sha256OfHex(seed), seedSealed: seal(deps.secret, seed) };
}
