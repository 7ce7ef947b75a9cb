import { GAME_EVENTS_HEARTBEAT_MS } from '@prism/domain';
import type { Response } from 'express';
import type { EventBus, LiveEvent } from '../platform/events';

/** What a stream sends for a bus event: an SSE event name and its data, or nothing. */
export type StreamPick = (event: LiveEvent) => { name: string; data: unknown } | undefined;

/**
 * Server-sent events from the bus (every core process's events, through LISTEN/NOTIFY): `pick`
 * chooses what this stream hears, a heartbeat keeps proxies from closing it, and the stream's
 * place (streamLimit.ts) is released when the client goes away or the server shuts down.
 */
export function streamBusEvents(res: Response, events: EventBus, pick: StreamPick, release: () => void): void {
  res.status(200).set({
    'Content-Type': 'text/event-stream',
    'Cache-Control': 'no-cache, no-transform',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  });
  res.flushHeaders();
  res.write('retry: 3000\n\n');
  const unsubscribe = events.subscribe((event) => {
    const chosen = pick(event);
    if (chosen) res.write(`event: ${chosen.name}\ndata: ${JSON.stringify(chosen.data)}\n\n`);
  });
  const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), GAME_EVENTS_HEARTBEAT_MS);
  // The response closes when the client goes away (or the server shuts down): free everything once.
  res.on('close', () => {
    clearInterval(heartbeat);
    unsubscribe();
    release();
  });
}
