import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestContext, type TestContext } from '@prism/core/testing';
import type { GameEvent } from '@prism/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { subscribeGameEvents } from './events';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set('2026-11-23T09:00:10Z');
});
afterAll(() => ctx.close());

describe('live game events', () => {
  it('arrive as the scheduler opens, draws and settles sessions, filtered by room', async () => {
    const seen: GameEvent[] = [];
    const errors: unknown[] = [];
    let opened = 0;
    const close = subscribeGameEvents({
      baseURL: `${ctx.url}/core/`,
      level: 1,
      onOpen: () => opened++,
      onEvent: (e) => seen.push(e),
      onError: (e) => errors.push(e),
    });
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      await ctx.services.game.scheduler.tick();
      ctx.clock.advance(60_000);
      await ctx.services.game.scheduler.tick();
      const deadline = Date.now() + 5_000;
      while (seen.filter((e) => e.type === 'session_settled').length < 1 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(seen.map((e) => e.type)).toEqual(['session_opened', 'session_opened', 'session_drawn', 'session_settled']);
      expect(seen.every((e) => e.level === 1)).toBe(true);
      expect(seen[2]?.result).toBeTypeOf('number');
      expect(errors).toEqual([]);
      expect(opened).toBe(1);
    } finally {
      close();
    }
  });
});

describe('a refused stream', () => {
  it('an unknown room is an error with the server message, never an open stream', async () => {
    const log: string[] = [];
    const close = subscribeGameEvents({
      baseURL: `${ctx.url}/core/`,
      level: 7,
      onOpen: () => log.push('open'),
      onEvent: () => log.push('event'),
      onError: (error) => log.push(error instanceof Error ? error.message : String(error)),
    });
    try {
      await until(() => log.length > 0, 'the refusal');
      expect(log).toEqual(['event stream refused: 10040 This room does not exist or is closed']);
    } finally {
      close();
    }
  });
});

/** Waits until `check` holds (the stream is read asynchronously). */
async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * A local HTTP server that speaks server-sent events as core does (retry line,
 * `: keep-alive` comments, `event:`/`data:` blocks), driven by the test.
 */
describe('the event stream over HTTP', () => {
  let server: ReturnType<typeof createServer>;
  let baseURL: string;
  let streams: ServerResponse[] = [];
  let requests: string[] = [];
  let status = 200;
  const send = (text: string) => {
    for (const res of streams) res.write(text);
  };
  const drop = () => {
    for (const res of streams) res.end();
    streams = [];
  };

  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res: ServerResponse) => {
      requests.push(req.url ?? '');
      if (status !== 200) {
        res.writeHead(status).end('unavailable');
        return;
      }
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
      res.flushHeaders();
      res.write('retry: 3000\n\n');
      streams.push(res);
      req.on('close', () => {
        streams = streams.filter((open) => open !== res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/core/`;
  });
  afterEach(() => {
    drop();
    requests = [];
    status = 200;
  });
  afterAll(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });

  function subscribe() {
    const log: string[] = [];
    const events: GameEvent[] = [];
    const close = subscribeGameEvents({
      baseURL,
      level: 2,
      onOpen: () => log.push('open'),
      onHeartbeat: () => log.push('heartbeat'),
      onEvent: (event) => {
        log.push(`event ${event.type}`);
        events.push(event);
      },
      onError: (error) => log.push(`error ${error instanceof Error ? error.message : String(error)}`),
    });
    return { log, events, close };
  }

  it('calls onOpen when connected, then passes heartbeats and events through in order', async () => {
    const stream = subscribe();
    try {
      await until(() => stream.log.length > 0, 'open');
      expect(stream.log).toEqual(['open']);
      expect(requests).toEqual(['/core/app/game/luckyLottery/events?level=2']);
      send(': keep-alive\n\n');
      await until(() => stream.log.length === 2, 'a heartbeat');
      const opened: GameEvent = { type: 'session_opened', level: 2, sessionId: 9, periodId: '20261123200001' };
      // An event split across chunks, with CRLF line ends, then a heartbeat in the same chunk as its end.
      const text = `event: session_opened\r\ndata: ${JSON.stringify(opened)}\r\n\r\n: keep-alive\r\n\r\n`;
      send(text.slice(0, 30));
      await new Promise((resolve) => setTimeout(resolve, 50));
      send(text.slice(30, -3));
      await new Promise((resolve) => setTimeout(resolve, 50));
      send(text.slice(-3));
      await until(() => stream.log.length === 4, 'the event and a heartbeat');
      expect(stream.log).toEqual(['open', 'heartbeat', 'event session_opened', 'heartbeat']);
      expect(stream.events).toEqual([opened]);
    } finally {
      stream.close();
    }
  });

  it('reports a dropped stream, and a new subscription opens again (reconnection)', async () => {
    const first = subscribe();
    await until(() => first.log.length > 0, 'open');
    drop();
    await until(() => first.log.length === 2, 'the error');
    expect(first.log).toEqual(['open', 'error event stream ended']);

    const second = subscribe();
    try {
      await until(() => second.log.length > 0, 'open again');
      send(': keep-alive\n\n');
      await until(() => second.log.length === 2, 'a heartbeat');
      expect(second.log).toEqual(['open', 'heartbeat']);
      expect(first.log).toHaveLength(2);
    } finally {
      second.close();
    }
  });

  it('does not open on an error answer, and calls nothing once closed', async () => {
    status = 503;
    const refused = subscribe();
    await until(() => refused.log.length > 0, 'the error');
    expect(refused.log).toEqual(['error event stream answered HTTP 503']);

    status = 200;
    const closed = subscribe();
    await until(() => closed.log.length > 0, 'open');
    closed.close();
    send(': keep-alive\n\n');
    drop();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(closed.log).toEqual(['open']);
  });
});
