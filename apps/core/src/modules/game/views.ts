import {
  coloursOf,
  formatMoney,
  type GameBetRecord,
  type GameResult,
  type GameSession,
  type GameSessionResult,
  sizeOf,
} from '@prism/domain';
import { sql } from 'drizzle-orm';
import { type Executor, preparedRows } from '../../db/client';
import { CONFIG_CACHE_MS } from '../../platform/cached';
import type { Clock } from '../../platform/clock';
import type { BetRow } from './betting';
import type { RoomConfig } from './rooms';
import type { SessionRow } from './sessions';

/** What getSession shows of a session. */
export type SessionView = Pick<
  SessionRow,
  'id' | 'periodId' | 'level' | 'startAt' | 'betEndAt' | 'endAt' | 'commitment' | 'beaconName' | 'beaconRound' | 'status'
>;

/**
 * The game screen's poll: a session's shown columns by period id, as a named prepared statement
 * (planned once per connection, no query builder on the way): the hottest read after the rooms.
 */
export async function findSessionView(db: Executor, periodId: string): Promise<SessionView | undefined> {
  const [row] = await preparedRows<{
    id: number;
    level: number;
    start_ms: number;
    bet_end_ms: number;
    end_ms: number;
    commitment: string;
    beacon_name: string;
    beacon_round: number;
    status: string;
  }>(
    db,
    'game_session_view',
    // Milliseconds computed exactly (numeric), as the driver would truncate a timestamp to a Date.
    sql`select id::float8 as id, level, floor(extract(epoch from start_at) * 1000)::float8 as start_ms,
          floor(extract(epoch from bet_end_at) * 1000)::float8 as bet_end_ms, floor(extract(epoch from end_at) * 1000)::float8 as end_ms,
          commitment, beacon_name, beacon_round::float8 as beacon_round, status
        from game_sessions where period_id = ${periodId}`,
  );
  return (
    row && {
      id: row.id,
      periodId,
      level: row.level,
      startAt: new Date(row.start_ms),
      betEndAt: new Date(row.bet_end_ms),
      endAt: new Date(row.end_ms),
      commitment: row.commitment,
      beaconName: row.beacon_name,
      beaconRound: row.beacon_round,
      status: row.status,
    }
  );
}

/**
 * getSession's read of a room's current session, kept in process while the answer cannot change.
 * A session's shown columns are written when it is created (its window, commitment and beacon
 * round are fixed before betting opens) and only its status changes later: to 'drawn' by the
 * scheduler once its end_at has passed (scheduler.ts takes only sessions with end_at <= now), then
 * to 'settled'. So an 'open' view is kept until its bet_end_at at the latest (betCloseSeconds > 0
 * before end_at: a margin for another worker's clock) and at most CONFIG_CACHE_MS; any other
 * status is read afresh every time. The key is the period id the caller computes from its clock,
 * so once a new window begins its session is read (or opened) at once, never answered from the
 * old one. Nothing here is per user; concurrent misses of one period share one read.
 */
export function currentSessionViews(db: Executor, clock: Clock) {
  const kept = new Map<number, { periodId: string; view: SessionView; until: number }>();
  const reading = new Map<string, Promise<SessionView | undefined>>();
  return async function currentSessionView(level: number, periodId: string): Promise<SessionView | undefined> {
    const hit = kept.get(level);
    if (hit?.periodId === periodId && clock.now().getTime() < hit.until) return hit.view;
    const pending = reading.get(periodId);
    if (pending) return pending;
    const read = findSessionView(db, periodId).then(
      (view) => {
        reading.delete(periodId);
        const readAt = clock.now().getTime();
        const until = view ? Math.min(view.betEndAt.getTime(), readAt + CONFIG_CACHE_MS) : 0;
        if (view?.status === 'open' && readAt < until) kept.set(level, { periodId, view, until });
        return view;
      },
      (error: unknown) => {
        reading.delete(periodId);
        throw error;
      },
    );
    reading.set(periodId, read);
    return read;
  };
}

export function toWireSession(session: SessionView, room: RoomConfig, now: Date): GameSession {
  return {
    id: session.id,
    periodId: session.periodId,
    level: session.level,
    gameLevelName: room.levelName,
    gameTitle: `${room.levelName} · ${session.periodId}`,
    startTime: session.startAt.getTime(),
    betEndTime: session.betEndAt.getTime(),
    sessionEndTime: session.endAt.getTime(),
    timestamp: now.getTime(),
    chipMinLimit: formatMoney(room.chipMinLimit),
    betAmountMin: formatMoney(room.chipMinLimit),
    commitment: session.commitment,
    beaconName: session.beaconName,
    beaconRound: session.beaconRound,
    status: session.status as GameSession['status'],
  };
}

export function toWireResult(session: SessionRow): GameSessionResult {
  const result = session.result == null ? null : (session.result as GameResult);
  return {
    id: session.id,
    periodId: session.periodId,
    level: session.level,
    lotteryResult: result,
    colours: result == null ? [] : coloursOf(result),
    size: result == null ? null : sizeOf(result),
    status: session.status as GameSessionResult['status'],
    seed: session.seed,
    commitment: session.commitment,
    beaconName: session.beaconName,
    beaconRound: session.beaconRound,
    beaconValue: session.beaconValue,
    beaconSignature: session.beaconSignature,
    drawTime: session.drawnAt?.toISOString() ?? null,
  };
}

export function toWireBet(bet: BetRow): GameBetRecord {
  const settled = bet.status !== 'PENDING';
  return {
    id: bet.id,
    orderNo: bet.orderNo,
    gameSessionId: bet.sessionId,
    periodId: bet.periodId,
    level: bet.level,
    betName: bet.betName as GameBetRecord['betName'],
    baseAmount: formatMoney(bet.baseAmount),
    betMultiples: bet.multiples,
    totalBetAmount: formatMoney(bet.total),
    fee: formatMoney(bet.fee),
    coin: bet.coin,
    status: bet.status as GameBetRecord['status'],
    incomeAmount: formatMoney(bet.payout),
    profit: settled ? formatMoney(bet.payout - bet.total) : formatMoney(0n),
    betTime: bet.createdAt.toISOString(),
    completeTime: bet.settledAt?.toISOString() ?? null,
  };
}
