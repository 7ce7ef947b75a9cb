import { type GameResult, type GameTrend, TREND_DRAWS, toTrendDraw, trendStats } from '@prism/domain';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { EventBus } from '../../platform/events';
import type { RoomConfig } from './rooms';
import { gameSessions } from './schema';

/** A room's trend as read, with the ids of the sessions in it (an announced draw among them changes nothing). */
export interface TrendRead {
  sessionIds: ReadonlySet<number>;
  trend: GameTrend;
}

/**
 * The room's last TREND_DRAWS settled draws, newest first, and their statistics (@prism/domain
 * trendStats): one statement on game_sessions_level_idx (level, end_at). Void sessions have no
 * number and are not draws.
 */
export async function readTrend(db: Executor, level: number): Promise<TrendRead> {
  const rows = await db
    .select({ id: gameSessions.id, periodId: gameSessions.periodId, result: gameSessions.result })
    .from(gameSessions)
    .where(and(eq(gameSessions.level, level), eq(gameSessions.status, 'settled'), isNotNull(gameSessions.result)))
    .orderBy(desc(gameSessions.endAt))
    .limit(TREND_DRAWS);
  const results = rows.map((row) => row.result as GameResult);
  return {
    sessionIds: new Set(rows.map((row) => row.id)),
    trend: { level, draws: rows.map((row, i) => toTrendDraw(row.periodId, results[i] as GameResult)), stats: trendStats(results) },
  };
}

export interface TrendCacheDeps {
  /** The one read per room and new draw (readTrend on the database; tests count its calls). */
  read: (level: number) => Promise<TrendRead>;
  clock: Clock;
  events: Pick<EventBus, 'subscribe'>;
}

/**
 * The public trend, kept in process per room and keyed by the room's settled draws: whatever the
 * number of viewers, a room costs one read per new draw. A `session_settled` event (every process
 * hears every room's, LISTEN/NOTIFY) of a session the kept copy does not show moves the room's
 * version on, and the next request reads again; concurrent misses of one version share one read
 * (a read that started before the announcement is not kept as current). Events are best-effort
 * (a NOTIFY can be lost while a process reconnects), so a copy is also read again once it is one
 * session length old: at worst a draw shows one session late, never not at all.
 */
export function createTrendCache(deps: TrendCacheDeps) {
  const kept = new Map<number, { read: TrendRead; version: number; readAt: number }>();
  const versions = new Map<number, number>();
  const reading = new Map<number, { read: Promise<TrendRead>; version: number }>();
  const versionOf = (level: number) => versions.get(level) ?? 0;
  deps.events.subscribe((event) => {
    if (event.type !== 'session_settled' || kept.get(event.level)?.read.sessionIds.has(event.sessionId)) return;
    versions.set(event.level, versionOf(event.level) + 1);
  });

  const fresh = (room: RoomConfig, now: number): TrendRead | undefined => {
    const hit = kept.get(room.level);
    if (!hit || hit.version !== versionOf(room.level)) return undefined;
    return now - hit.readAt < room.sessionSeconds * 1000 ? hit.read : undefined;
  };

  return async function trendOf(room: RoomConfig): Promise<GameTrend> {
    const now = deps.clock.now().getTime();
    const hit = fresh(room, now);
    if (hit) return hit.trend;
    const version = versionOf(room.level);
    const pending = reading.get(room.level);
    if (pending?.version === version) return (await pending.read).trend;
    const entry = { read: deps.read(room.level), version };
    reading.set(room.level, entry);
    try {
      const read = await entry.read;
      // Reads can finish out of order: an older version never replaces a newer one.
      if ((kept.get(room.level)?.version ?? -1) <= version) kept.set(room.level, { read, version, readAt: now });
      return read.trend;
    } finally {
      if (reading.get(room.level) === entry) reading.delete(room.level);
    }
  };
}

export type TrendCache = ReturnType<typeof createTrendCache>;
