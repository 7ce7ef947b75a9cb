import type { Executor } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { rememberedKeysLike } from '../throttle';

/** Escapes LIKE's wildcards in a literal part of a pattern. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Other accounts that signed in from an address this user signed in from, within the last day:
 * what the login throttle remembers ('login-ok:<user id>@<address>', types.ts loginKeys). Nothing
 * older is kept, and no device is recorded anywhere.
 */
export async function loginAddressPeers(db: Executor, clock: Clock, userId: number): Promise<{ address: string; userIds: number[] }[]> {
  const own = await rememberedKeysLike(db, clock, `login-ok:${userId}@%`);
  const peers: { address: string; userIds: number[] }[] = [];
  for (const key of own.slice(0, 20)) {
    const address = key.slice(key.indexOf('@') + 1);
    const keys = await rememberedKeysLike(db, clock, `login-ok:%@${literal(address)}`);
    const userIds = keys
      .map((other) => Number(other.slice('login-ok:'.length, other.indexOf('@'))))
      .filter((id) => Number.isInteger(id) && id !== userId);
    peers.push({ address, userIds: [...new Set(userIds)].sort((a, b) => a - b) });
  }
  return peers;
}
