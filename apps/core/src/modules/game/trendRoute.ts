import { AppError } from '@prism/domain';
import type { RequestHandler } from 'express';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { ok } from '../../http/envelope';
import { field, parseInput } from '../../http/validate';
import type { Clock } from '../../platform/clock';
import type { EventBus } from '../../platform/events';
import type { RoomCatalog } from './rooms';
import { createTrendCache, readTrend } from './trend';

const trendQuery = z.object({ level: field.integer(1, 9) });

/**
 * GET /app/game/luckyLottery/trend?level= (public): the room's last 100 settled draws and their
 * statistics, kept per room until its next settled draw (trend.ts). A closed room is unknown, as
 * for getSession.
 */
export function trendRoute(deps: { db: Database; clock: Clock; catalog: RoomCatalog; events: EventBus }): RequestHandler {
  const trendOf = createTrendCache({ read: (level) => readTrend(deps.db, level), clock: deps.clock, events: deps.events });
  return async (req, res) => {
    const query = parseInput(trendQuery, req.query);
    const room = await deps.catalog.room(query.level);
    if (!room.enableFlag) throw new AppError('GAME_LEVEL_UNKNOWN');
    ok(res, await trendOf(room));
  };
}
