import { GAME_EVENTS_HEARTBEAT_MS, type GameEvent } from '@prism/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { keepGameEventsLive, MAX_RETRY_MS, POLL_MS, retryDelay, STALL_MS } from './live';

describe('live updates', () => {
  it('polls every 2 s while the stream is down and retries it with growing waits', () => {
    expect(POLL_MS).toBe(2_000);
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, MAX_RETRY_MS, MAX_RETRY_MS]);
  });

  it('calls a stream stalled after three missed heartbeats', () => {
    expect(GAME_EVENTS_HEARTBEAT_MS).toBe(15_000);
    expect(STALL_MS).toBe(45_000);
  });
});

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The event stream as the browser's fetch delivers it (the web project has no
 * Node types, so no HTTP server here; @prism/client's tests read a real one):
 * each call is one connection, a text/event-stream body the test writes to as
 * core does (retry line, `: keep-alive` comments, event blocks), closed on abort.
 */
describe('keepGameEventsLive over an event stream', () => {
  let streams: ReadableStreamDefaultController<Uint8Array>[] = [];
  let connections = 0;
  const encoder = new TextEncoder();
  const send = (text: string) => {
    for (const stream of streams) stream.enqueue(encoder.encode(text));
  };
  const drop = () => {
    for (const stream of streams) stream.close();
    streams = [];
  };
  const fetchImpl = (async (_url: string, init?: RequestInit) => {
    connections += 1;
    let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        controller = c;
        c.enqueue(encoder.encode('retry: 3000\n\n'));
      },
    });
    const own = controller as ReadableStreamDefaultController<Uint8Array>;
    streams.push(own);
    init?.signal?.addEventListener('abort', () => {
      streams = streams.filter((open) => open !== own);
      own.error(new DOMException('aborted', 'AbortError'));
    });
    return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
  }) as unknown as typeof fetch;

  afterEach(() => {
    drop();
    connections = 0;
  });

  function start(stallMs: number) {
    const states: boolean[] = [];
    const events: GameEvent[] = [];
    const stop = keepGameEventsLive({
      baseURL: '/core/',
      fetchImpl,
      level: 1,
      stallMs,
      retryDelay: () => 50,
      onEvent: (event) => events.push(event),
      onLive: (live) => states.push(live),
    });
    return { states, events, stop };
  }

  it('leaves polling as soon as the stream reconnects, without waiting for an event', async () => {
    const live = start(5_000);
    try {
      await until(() => live.states.length === 1, 'live');
      expect(live.states).toEqual([true]);
      drop();
      await until(() => live.states.length === 3, 'down, then live again');
      expect(live.states).toEqual([true, false, true]);
      expect(connections).toBe(2);
      expect(live.events).toEqual([]);
      const event: GameEvent = { type: 'session_opened', level: 1, sessionId: 1, periodId: '20261123100001' };
      send(`event: session_opened\ndata: ${JSON.stringify(event)}\n\n`);
      await until(() => live.events.length === 1, 'the event');
      expect(live.events).toEqual([event]);
    } finally {
      live.stop();
    }
  });

  it('treats a stream without heartbeats as stalled, and stays live while they come', async () => {
    const live = start(600);
    try {
      await until(() => live.states.length === 1, 'live');
      // Heartbeats more often than the stall time keep it live.
      for (let i = 0; i < 5; i++) {
        await sleep(150);
        send(': keep-alive\n\n');
      }
      expect(live.states).toEqual([true]);
      expect(connections).toBe(1);
      // Silence: stalled, so poll, close that stream and connect a new one.
      await until(() => live.states.length === 3, 'stalled, then live again');
      expect(live.states).toEqual([true, false, true]);
      expect(connections).toBe(2);
      await until(() => streams.length === 1, 'the stalled stream closed');
    } finally {
      live.stop();
    }
  });

  it('stops: no reconnection and no more calls', async () => {
    const live = start(5_000);
    await until(() => live.states.length === 1, 'live');
    live.stop();
    await until(() => streams.length === 0, 'the stream closed');
    send(': keep-alive\n\n');
    await sleep(200);
    expect(live.states).toEqual([true]);
    expect(connections).toBe(1);
  });
});
