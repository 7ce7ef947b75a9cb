import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, registerUser, type TestContext } from '../../testing';
import { gameLevels } from './schema';

/** The live event stream: a known room, and a bounded number of streams per IP and per user. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { EVENT_STREAMS_PER_IP: '3', EVENT_STREAMS_PER_USER: '2' } });
});
afterAll(() => ctx.close());

interface Opened {
  contentType: string | null;
  first: string;
  close(): void;
}

/** Opens a stream and reads its first chunk (the retry line, or the envelope of a refusal). */
async function open(query = '', headers: Record<string, string> = {}): Promise<Opened> {
  const controller = new AbortController();
  const response = await ctx.api.fetch(`/app/game/luckyLottery/events${query}`, { headers, signal: controller.signal });
  const reader = response.body?.getReader();
  const chunk = await reader?.read();
  const first = new TextDecoder().decode(chunk?.value);
  return { contentType: response.headers.get('content-type'), first, close: () => controller.abort() };
}

/** The server frees a place when it sees the connection close, a moment after the client aborts. */
async function untilOpenable(query = '', headers: Record<string, string> = {}): Promise<Opened> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const stream = await open(query, headers);
    if (stream.first.startsWith('retry:') || Date.now() > deadline) return stream;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the room of a stream', () => {
  it.each([
    ['?level=abc', 400, 'level: Invalid value'],
    ['?level=0', 400, 'level: Invalid value'],
    ['?level=1&level=2', 400, 'level: Invalid value'],
    ['?level=7', 10040, 'This room does not exist or is closed'],
  ])('%s is refused with a clear envelope, before any stream starts', async (query, code, message) => {
    const stream = await open(query);
    expect(stream.contentType).toContain('application/json');
    expect(JSON.parse(stream.first)).toMatchObject({ code, message });
  });

  it('a closed room is refused too; an open one, or all rooms, stream', async () => {
    await ctx.db.update(gameLevels).set({ enableFlag: false }).where(eq(gameLevels.level, 3));
    expect(JSON.parse((await open('?level=3')).first)).toMatchObject({ code: 10040 });
    for (const query of ['?level=1', '']) {
      const stream = await untilOpenable(query);
      expect(stream.contentType).toContain('text/event-stream');
      expect(stream.first).toBe('retry: 3000\n\n');
      stream.close();
    }
  });
});

describe('streams at once', () => {
  it('per IP: the fourth is refused while three are open; closing one frees its place', async () => {
    const streams = [await untilOpenable(), await untilOpenable('?level=1'), await untilOpenable('?level=2')];
    expect(streams.every((s) => s.first.startsWith('retry:'))).toBe(true);
    const refused = await open('?level=1');
    expect(JSON.parse(refused.first)).toMatchObject({
      code: 11043,
      message: 'Too many live connections are open, please close one and try again',
    });
    streams[0]?.close();
    const again = await untilOpenable();
    expect(again.first.startsWith('retry:')).toBe(true);
    for (const s of [...streams, again]) s.close();
  });

  it('per user: a signed-in user may hold two, whatever the IP allows', async () => {
    const user = await registerUser(ctx);
    const auth = { Authorization: user.token };
    const mine = [await untilOpenable('', auth), await untilOpenable('', auth)];
    expect(JSON.parse((await open('', auth)).first)).toMatchObject({ code: 11043 });
    // Someone else from the same IP still gets the third place.
    const anonymous = await untilOpenable();
    expect(anonymous.first.startsWith('retry:')).toBe(true);
    for (const s of [...mine, anonymous]) s.close();
  });
});
