import { type GameResult, type GameTrend, TREND_DRAWS, toTrendDraw, trendStats } from '@prism/domain';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { EventBus } from '../../platform/events';
import type { RoomConfig } from './rooms';
import { gameSessions } from './schema';

/** A room's trend as read, with the id of its newest settled session (the cache key). */
export interface TrendRead {
  newestSessionId: number;
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
    newestSessionId: rows[0]?.id ?? 0,
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
 * The public trend, kept in process per room and keyed by the room's newest settled session:
 * whatever the number of viewers, a room costs one read per new draw. A `session_settled` event
 * (every process hears every room's, LISTEN/NOTIFY) makes a newer session known, and the next
 * request reads again; concurrent misses share one read. Events are best-effort (a NOTIFY can be
 * lost while a process reconnects), so a copy is also read again once it is one session length
 * old: at worst a draw shows one session late, never not at all.
 */
export function createTrendCache(deps: TrendCacheDeps) {
  const kept = new Map<number, { read: TrendRead; readAt: number }>();
  const newestSettled = new Map<number, number>();
  const reading = new Map<number, Promise<TrendRead>>();
  deps.events.subscribe((event) => {
    if (event.type !== 'session_settled') return;
    newestSettled.set(event.level, Math.max(newestSettled.get(event.level) ?? 0, event.sessionId));
  });

  const fresh = (room: RoomConfig, now: number): TrendRead | undefined => {
    const hit = kept.get(room.level);
    if (!hit || hit.read.newestSessionId < (newestSettled.get(room.level) ?? 0)) return undefined;
    return now - hit.readAt < room.sessionSeconds * 1000 ? hit.read : undefined;
  };

  return async function trendOf(room: RoomConfig): Promise<GameTrend> {
    const now = deps.clock.now().getTime();
    const hit = fresh(room, now);
    if (hit) return hit.trend;
    let pending = reading.get(room.level);
    if (!pending) {
      pending = deps.read(room.level).finally(() => reading.delete(room.level));
      reading.set(room.level, pending);
      pending.then((read) => kept.set(room.level, { read, readAt: now })).catch(() => undefined);
    }
    return (await pending).trend;
  };
}

export type TrendCache = ReturnType<typeof createTrendCache>;
