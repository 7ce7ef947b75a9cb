import { sessionAt } from '@prism/domain';
import { eq, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import type { Beacon } from './beacon';
import { type ChainDeps, takeSeedSlot } from './chain';
import type { RoomConfig } from './rooms';
import { gameSessions } from './schema';

export type SessionRow = typeof gameSessions.$inferSelect;

/** One room at a time: creating, drawing and settling its sessions hold this lock (any process). */
export async function tryLockRoom(tx: Executor, level: number): Promise<boolean> {
  const [row] = await queryRows<{ locked: boolean }>(
    tx,
    sql`select pg_try_advisory_xact_lock(hashtext(${`prism-game:${level}`})) as locked`,
  );
  return row?.locked === true;
}

export async function findSessionByPeriod(tx: Executor, periodId: string): Promise<SessionRow | undefined> {
  const [row] = await tx.select().from(gameSessions).where(eq(gameSessions.periodId, periodId));
  return row;
}

/**
 * The session of `now` for a room, created if missing (with its seed slot and
 * its beacon round, fixed before betting opens). Returns undefined when another
 * process holds the room's lock and has not created it yet.
 */
export async function ensureCurrentSession(
  tx: Executor,
  deps: ChainDeps & { beacon: Beacon },
  room: RoomConfig,
  now: Date,
): Promise<{ session: SessionRow; created: boolean } | undefined> {
  const window = sessionAt(now, room);
  const existing = await findSessionByPeriod(tx, window.periodId);
  if (existing) return { session: existing, created: false };
  if (!(await tryLockRoom(tx, room.level))) return undefined;
  const again = await findSessionByPeriod(tx, window.periodId);
  if (again) return { session: again, created: false };
  const slot = await takeSeedSlot(tx, deps, room.level);
  const [session] = await tx
    .insert(gameSessions)
    .values({
      level: room.level,
      periodId: window.periodId,
      startAt: window.startAt,
      betEndAt: window.betEndAt,
      endAt: window.endAt,
      ...slot,
      beaconName: deps.beacon.name,
      beaconRound: deps.beacon.roundFor(window.betEndAt),
      status: 'open',
      createdAt: deps.clock.now(),
    })
    .returning();
  if (!session) throw new Error('could not create the session');
  return { session, created: true };
}
