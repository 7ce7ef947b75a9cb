import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { rememberedKeysLike } from '../throttle';
import { authSessions } from './schema';

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

/** The user's sign-in sessions, newest first: when, until when, and whether and why revoked. */
export async function userSessions(db: Executor, userId: number, limit = 20) {
  const rows = await db
    .select()
    .from(authSessions)
    .where(eq(authSessions.userId, userId))
    .orderBy(desc(authSessions.createdAt))
    .limit(limit);
  return rows.map((row) => ({
    // The id is the JWT's jti: shown only in part.
    id: `${row.id.slice(0, 8)}…`,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    revokedReason: row.revokedReason,
  }));
}
