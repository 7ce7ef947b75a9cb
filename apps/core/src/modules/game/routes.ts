import {
  AppError,
  BET_COINS,
  BET_NAMES,
  type BetCoin,
  type BetName,
  GAME_PAGE_SIZE,
  kindOf,
  PAGE_NO_MAX,
  PAGE_SIZE_MAX,
  sessionAt,
} from '@prism/domain';
import { type RequestHandler, Router } from 'express';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { type Reads, readsOf } from '../../db/replicas';
import { caller, requireAuth } from '../../http/auth';
import { ok } from '../../http/envelope';
import type { StreamLimits } from '../../http/streamLimit';
import { field, parseInput } from '../../http/validate';
import type { Clock } from '../../platform/clock';
import type { EventBus } from '../../platform/events';
import { sequenceNumbers } from '../../platform/sequenceNumbers';
import { idempotencyKeyOf, runRecorded } from '../idempotency';
import type { Beacon } from './beacon';
import { betBatcherOf, placeBet } from './betting';
import type { ChainDeps } from './chain';
import { listChains, sessionDetail, sessionResultPage, userLotteryRecordPage, voidSummary } from './history';
import { liveEventsRoute } from './liveEvents';
import type { RoomCatalog } from './rooms';
import { ensureCurrentSession } from './sessions';
import { trendRoute } from './trendRoute';
import { currentSessionViews, toWireSession } from './views';

const level = field.integer(1, 9);
const page = { pageNo: field.integer(1, PAGE_NO_MAX).optional(), pageSize: field.integer(1, PAGE_SIZE_MAX).optional() };
const betBody = z.object({
  gameSessionId: field.integer(1, Number.MAX_SAFE_INTEGER),
  betName: field.oneOf(BET_NAMES as unknown as [BetName, ...BetName[]]),
  baseAmount: field.money(),
  betMultiples: field.integer(1, 100_000),
  totalBetAmount: field.money(),
  coin: field.oneOf(BET_COINS as unknown as [BetCoin, ...BetCoin[]]).default('CHIP'),
});

/** What the game's routes use. */
export interface GameRouteDeps {
  db: Database;
  /** Where history and results are read (replicas); the bet, the current session and the trend's cache stay on db. */
  reads?: Reads;
  clock: Clock;
  /** The rooms. */
  catalog: RoomCatalog;
  /** The seed chains' settings: a caller who arrives before the scheduler opens the session itself. */
  chainDeps: ChainDeps & { beacon: Beacon };
  /** Live events across processes, and how many streams one IP or user may hold open. */
  events: EventBus;
  streams: StreamLimits;
  /** Told of each bet placed (not of a replayed answer): the operators' bet counter (platform/metrics.ts). */
  betPlaced?: ((coin: BetCoin, kind: string) => void) | undefined;
  /** Told of each statement of several bets (db/batcher.ts): the operators' batch counters. */
  betBatch?: ((bets: number, oneByOne: boolean) => void) | undefined;
}

/** A bet: placed under its Idempotency-Key, answered, and counted for the metrics unless it was a replay. */
function bettingRoute(deps: GameRouteDeps, betDeps: Parameters<typeof placeBet>[1]): RequestHandler {
  const { db, clock } = deps;
  return async (req, res) => {
    const input = parseInput(betBody, req.body);
    const { userId } = caller(req);
    const scope = { userId, key: idempotencyKeyOf(req), route: 'betting', input };
    // One statement records the bet and the key's answer together (betting.ts). A replay places nothing.
    let placed = false;
    const bet = await runRecorded(db, clock, scope, (executor, record) =>
      placeBet(executor, betDeps, userId, input, record).then((answer) => {
        placed = true;
        return answer;
      }),
    );
    if (placed) deps.betPlaced?.(input.coin, kindOf(input.betName));
    ok(res, bet);
  };
}

/** The colour/size game: /app/game/luckyLottery/* of specification point 7, plus verification data and live events. */
export function gameRoutes(deps: GameRouteDeps): Router {
  const { db, clock, catalog, chainDeps } = deps;
  // This app's block of bet numbers (order numbers unique by construction, platform/sequenceNumbers.ts),
  // and on PostgreSQL its bets placed together while the pool is busy (db/batcher.ts).
  const betDeps = { clock, betNumbers: sequenceNumbers('bet_numbers'), batcher: betBatcherOf(db, { onBatch: deps.betBatch }) };
  const router = Router();
  const base = '/app/game/luckyLottery';

  router.get(`${base}/getLevelList`, async (_req, res) => {
    ok(res, await catalog.wire());
  });

  const sessionQuery = z.object({ level });
  const currentSessionView = currentSessionViews(db, clock);
  router.get(`${base}/getSession`, async (req, res) => {
    const query = parseInput(sessionQuery, req.query);
    const room = await catalog.room(query.level);
    if (!room.enableFlag) throw new AppError('GAME_LEVEL_UNKNOWN');
    const now = clock.now();
    // Normally the scheduler has opened it already: one read, or none while it is kept (views.ts).
    // A caller just before the scheduler opens it itself.
    const session =
      (await currentSessionView(room.level, sessionAt(now, room).periodId)) ??
      (await db.transaction((tx) => ensureCurrentSession(tx, chainDeps, room, now)))?.session;
    if (!session) throw new AppError('REQUEST_IN_PROGRESS');
    ok(res, toWireSession(session, room, clock.now()));
  });

  router.post(`${base}/betting`, requireAuth, bettingRoute(deps, betDeps));

  historyRoutes(router, base, readsOf(deps.reads, db));
  router.get(`${base}/events`, liveEventsRoute(deps));
  router.get(`${base}/trend`, trendRoute(deps));

  return router;
}

/** History, results and verification data: read on replicas (db/replicas.ts), a player's own bets after their last write. */
function historyRoutes(router: Router, base: string, reads: Reads): void {
  router.get(`${base}/sessionResultPage`, async (req, res) => {
    const query = parseInput(z.object({ level, ...page }), req.query);
    ok(res, await sessionResultPage(reads.lagTolerant(), query.level, query.pageNo ?? 1, query.pageSize ?? GAME_PAGE_SIZE));
  });

  router.get(`${base}/userLotteryRecordPage`, requireAuth, async (req, res) => {
    const query = parseInput(
      z.object({ level: level.optional(), coin: field.oneOf(BET_COINS as unknown as [BetCoin, ...BetCoin[]]).optional(), ...page }),
      req.query,
    );
    const { userId } = caller(req);
    // Their bet just placed is in it, wherever it is read (db/replicas.ts, read-your-writes).
    ok(
      res,
      await userLotteryRecordPage(
        await reads.forUser(userId),
        userId,
        { coin: query.coin, level: query.level },
        query.pageNo ?? 1,
        query.pageSize ?? GAME_PAGE_SIZE,
      ),
    );
  });

  router.get(`${base}/sessionDetail`, async (req, res) => {
    const query = parseInput(
      z.object({ periodId: z.string({ error: 'FIELD_INVALID' }).regex(/^\d{14}$/, { error: 'FIELD_INVALID' }) }),
      req.query,
    );
    // Asked for as soon as a result is announced: on a replica that has caught up with it, never a 404 from lag.
    ok(res, await sessionDetail(await reads.caughtUp(), query.periodId));
  });

  router.get(`${base}/voidSummary`, async (_req, res) => {
    ok(res, await voidSummary(reads.lagTolerant()));
  });

  router.get(`${base}/chains`, async (req, res) => {
    const query = parseInput(z.object({ level: level.optional() }), req.query);
    ok(res, await listChains(reads.lagTolerant(), query.level));
  });
}
