import { AppError } from '@prism/domain';
import type { RequestHandler, Response } from 'express';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { streamBusEvents } from '../../http/eventStream';
import { createStreamLimiter, type StreamLimits } from '../../http/streamLimit';
import { field, parseInput } from '../../http/validate';
import { type EventBus, isGameEvent } from '../../platform/events';
import { loadRoom } from './rooms';

const eventsQuery = z.object({ level: field.integer(1, 9).optional() });

/**
 * GET .../events: server-sent events for one open room (`level`) or, without
 * it, for all. The room is checked and a stream place taken (per IP, per
 * signed-in user) before the stream starts, so refusals are ordinary envelopes.
 */
export function liveEventsRoute(deps: { db: Database; events: EventBus; streams: StreamLimits }): RequestHandler {
  const limiter = createStreamLimiter(deps.streams);
  return async (req, res) => {
    const { level } = parseInput(eventsQuery, req.query);
    if (level !== undefined && !(await loadRoom(deps.db, level)).enableFlag) throw new AppError('GAME_LEVEL_UNKNOWN');
    const release = limiter.acquire(req);
    streamEvents(res, deps.events, level, release);
  };
}

/**
 * Session opened / drawn / settled / void, with a heartbeat so proxies keep the
 * stream open. Events arrive from every core process through LISTEN/NOTIFY; the bus
 * carries support messages too, which a game stream never hears.
 */
function streamEvents(res: Response, events: EventBus, level: number | undefined, release: () => void): void {
  streamBusEvents(
    res,
    events,
    (event) => (isGameEvent(event) && (level === undefined || event.level === level) ? { name: event.type, data: event } : undefined),
    release,
  );
}
