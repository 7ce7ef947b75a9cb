import { AppError, GAME_EVENTS_HEARTBEAT_MS } from '@prism/domain';
import type { RequestHandler, Response } from 'express';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { createStreamLimiter, type StreamLimits } from '../../http/streamLimit';
import { field, parseInput } from '../../http/validate';
import type { EventBus } from '../../platform/events';
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
 * stream open. Events arrive from every core process through LISTEN/NOTIFY.
 */
function streamEvents(res: Response, events: EventBus, level: number | undefined, release: () => void): void {
  res.status(200).set({
    'Content-Type': 'text/event-stream',
    'Cache-Control': 'no-cache, no-transform',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  });
  res.flushHeaders();
  res.write('retry: 3000\n\n');
  const unsubscribe = events.subscribe((event) => {
    if (level !== undefined && event.level !== level) return;
    res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
  });
  const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), GAME_EVENTS_HEARTBEAT_MS);
  // The response closes when the client goes away (or the server shuts down): free everything once.
  res.on('close', () => {
    clearInterval(heartbeat);
    unsubscribe();
    release();
  });
}
