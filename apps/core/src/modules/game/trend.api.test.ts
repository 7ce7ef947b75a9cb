import { DEFAULT_ODDS, type GameResult, type GameTrend, TREND_DRAWS, trendStats } from '@prism/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../db/client';
import { ManualClock } from '../../platform/clock';
import { EVENTS_CHANNEL, type LiveEvent } from '../../platform/events';
import { createTestContext, registerUser, type TestContext } from '../../testing';
import { loadRoom } from './rooms';
import { gameLevels, gameSessions } from './schema';
import { createTrendCache, readTrend } from './trend';

/**
 * GET /app/game/luckyLottery/trend: the last 100 settled draws of a room and their statistics,
 * public, and read once per room and new draw whatever the number of viewers.
 */
const LEVEL = 8;
const START = Date.parse('2026-11-20T00:00:00Z');
const trend = (level: number | string, options = {}) =>
  ctx.api.get<GameTrend>('/app/game/luckyLottery/trend', { level: String(level) }, options);

let ctx: TestContext;
let nextIndex = 0;
/** The results inserted so far, oldest first. */
const drawn: GameResult[] = [];

/** A finished session of room LEVEL, as its row (the chart reads nothing else of it). */
function sessionRow(status: 'settled' | 'void' | 'drawn', result: GameResult | null) {
  const index = nextIndex++;
  const endAt = new Date(START + (index + 1) * 60_000);
  if (status === 'settled' && result !== null) drawn.push(result);
  return {
    level: LEVEL,
    periodId: `2026112${String(index).padStart(7, '0')}`,
    startAt: new Date(endAt.getTime() - 60_000),
    betEndAt: new Date(endAt.getTime() - 5_000),
    endAt,
    chainId: 900,
    chainIndex: index,
    commitment: '00'.repeat(32),
    seedSealed: 'sealed',
    beaconName: 'local',
    beaconRound: index,
    result,
    status,
    createdAt: endAt,
  };
}

/** One such session, straight into its table; its id. */
async function insertSession(status: 'settled' | 'void' | 'drawn', result: GameResult | null): Promise<number> {
  const [row] = await ctx.db.insert(gameSessions).values(sessionRow(status, result)).returning({ id: gameSessions.id });
  return row?.id ?? 0;
}

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set('2026-11-23T10:00:10Z');
  await ctx.db.insert(gameLevels).values({
    level: LEVEL,
    levelName: 'Trend',
    sessionSeconds: 60,
    betCloseSeconds: 5,
    betBaseAmounts: '1',
    betMultiples: '1',
    chipMinLimit: 1n,
    chipMaxLimit: 1_000n,
    betAmountMax: 1_000n,
    odds: DEFAULT_ODDS,
  });
  ctx.services.game.catalog.invalidate();
  // 105 settled draws with runs in them, a void session and one drawn but not yet settled: neither is a draw.
  const rows = Array.from({ length: 105 }, (_, i) => sessionRow('settled', ((i * 7 + Math.floor(i / 4)) % 10) as GameResult));
  await ctx.db.insert(gameSessions).values([...rows, sessionRow('void', null), sessionRow('drawn', 4)]);
}, 180_000);
afterAll(() => ctx.close());

describe('the trend chart', () => {
  it('answers the last 100 settled draws, newest first, with their colours, size and statistics', async () => {
    const answer = await trend(LEVEL);
    expect(answer.code).toBe(200);
    const { draws, stats, level } = answer.result;
    expect(level).toBe(LEVEL);
    expect(draws).toHaveLength(TREND_DRAWS);
    const newestFirst = drawn.slice(-TREND_DRAWS).reverse();
    expect(draws.map((draw) => draw.number)).toEqual(newestFirst);
    expect(draws[0]).toMatchObject({ periodId: '20261120000104' });
    expect(draws.find((draw) => draw.number === 0)).toMatchObject({ colours: ['Red', 'Violet'], size: 'Small' });
    expect(draws.find((draw) => draw.number === 7)).toMatchObject({ colours: ['Green'], size: 'Big' });
    expect(stats).toEqual(trendStats(newestFirst));
    expect(stats.numbers.reduce((sum, row) => sum + row.frequency, 0)).toBe(TREND_DRAWS);
  });

  it('an empty room answers no draws; an unknown room is the catalogue error, a bad level a 400', async () => {
    const empty = await trend(2);
    expect(empty.result).toMatchObject({ level: 2, draws: [], stats: { draws: 0, colour: { current: null } } });
    expect(await trend(7)).toMatchObject({ code: 10040, message: 'This room does not exist or is closed' });
    for (const bad of ['0', '10', 'x', '1.5', '']) expect((await trend(bad)).code, bad).toBe(400);
    expect((await ctx.api.get('/app/game/luckyLottery/trend')).code).toBe(400);
  });

  it('is public and the same for everyone: no user sees anything of another, and nothing changes', async () => {
    const [alice, bob] = [await registerUser(ctx), await registerUser(ctx)];
    const anonymous = (await trend(LEVEL)).result;
    expect((await trend(LEVEL, { token: alice.token })).result).toEqual(anonymous);
    expect((await trend(LEVEL, { token: bob.token })).result).toEqual(anonymous);
    expect(JSON.stringify(anonymous)).not.toMatch(/userId|phone|token/);
    // A POST is not a route: the chart changes nothing.
    expect((await ctx.api.post('/app/game/luckyLottery/trend', { level: String(LEVEL) }, { token: alice.token })).code).toBe(404);
  });

  it('over HTTP, stays kept until a settled event of the room, then shows the new draw', async () => {
    const before = (await trend(LEVEL)).result;
    const id = await insertSession('settled', 9);
    // Written but not announced: viewers keep the copy (no read per viewer).
    expect((await trend(LEVEL)).result).toEqual(before);
    const event: LiveEvent = { type: 'session_settled', level: LEVEL, sessionId: id, periodId: 'x', result: 9 };
    await ctx.db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(event)})`);
    let after = before;
    for (let tries = 0; tries < 100 && after.draws[0]?.number === before.draws[0]?.number; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      after = (await trend(LEVEL)).result;
    }
    expect(after.draws[0]).toMatchObject({ number: 9 });
    expect(after.draws).toHaveLength(TREND_DRAWS);
    expect(after.draws.slice(1)).toEqual(before.draws.slice(0, -1));
  });
});

describe('the trend cache', () => {
  it('costs one read per room and new draw, however many viewers', async () => {
    const clock = new ManualClock(new Date('2026-11-23T11:00:00Z'));
    let listener: (event: LiveEvent) => void = () => undefined;
    const events = {
      subscribe: (fn: (event: LiveEvent) => void) => {
        listener = fn;
        return () => undefined;
      },
    };
    let reads = 0;
    const read = (level: number) => {
      reads++;
      return readTrend(ctx.db, level);
    };
    const trendOf = createTrendCache({ read, clock, events });
    const room = await loadRoom(ctx.db, LEVEL);

    // 200 viewers at once, then 200 more: one read.
    const first = await Promise.all(Array.from({ length: 200 }, () => trendOf(room)));
    for (let i = 0; i < 200; i++) await trendOf(room);
    expect(reads).toBe(1);
    expect(new Set(first.map((answer) => answer.draws[0]?.periodId)).size).toBe(1);

    // Another room's draw, a draw the copy already shows, or an event that is not a settlement: nothing read.
    const newest = first[0]?.draws[0];
    const [shown] = await queryRows<{ id: number }>(
      ctx.db,
      sql`select max(id)::int as id from game_sessions where level = ${LEVEL} and status = 'settled'`,
    );
    listener({ type: 'session_settled', level: 1, sessionId: 10 ** 9, periodId: 'x' });
    listener({ type: 'session_drawn', level: LEVEL, sessionId: 10 ** 9, periodId: 'x' });
    listener({ type: 'session_settled', level: LEVEL, sessionId: shown?.id ?? 0, periodId: 'x' });
    await trendOf(room);
    expect(reads).toBe(1);

    // This room's new draw: one read for everyone, and it shows.
    const id = await insertSession('settled', 3);
    listener({ type: 'session_settled', level: LEVEL, sessionId: id, periodId: 'x', result: 3 });
    const next = await Promise.all(Array.from({ length: 50 }, () => trendOf(room)));
    expect(reads).toBe(2);
    expect(next[0]?.draws[0]).toMatchObject({ number: 3 });
    expect(next[0]?.draws[1]).toEqual(newest);

    // A lost event costs at most a session's delay: a copy a session length old is read again, once.
    clock.advance(59_000);
    await trendOf(room);
    expect(reads).toBe(2);
    clock.advance(1_000);
    await Promise.all(Array.from({ length: 50 }, () => trendOf(room)));
    expect(reads).toBe(3);
  });

  it('a viewer after an announcement does not share a read that started before it', async () => {
    const clock = new ManualClock(new Date('2026-11-23T13:00:00Z'));
    let listener: (event: LiveEvent) => void = () => undefined;
    const releases: (() => void)[] = [];
    let reads = 0;
    const read = async (level: number) => {
      reads++;
      const answer = await readTrend(ctx.db, level);
      await new Promise<void>((resolve) => releases.push(resolve));
      return answer;
    };
    const subscribe = (fn: (event: LiveEvent) => void) => {
      listener = fn;
      return () => undefined;
    };
    const trendOf = createTrendCache({ read, clock, events: { subscribe } });
    const room = await loadRoom(ctx.db, LEVEL);
    const early = trendOf(room);
    await vi.waitFor(() => expect(releases).toHaveLength(1));
    const id = await insertSession('settled', 6);
    listener({ type: 'session_settled', level: LEVEL, sessionId: id, periodId: 'x', result: 6 });
    const late = trendOf(room);
    await vi.waitFor(() => expect(releases).toHaveLength(2));
    for (const release of releases) release();
    expect((await early).draws[0]?.number).not.toBe(6);
    expect((await late).draws[0]).toMatchObject({ number: 6 });
    // The later read is the one kept.
    expect((await trendOf(room)).draws[0]).toMatchObject({ number: 6 });
    expect(reads).toBe(2);
  });

  it('keeps no failed read: the next viewer reads again', async () => {
    const clock = new ManualClock(new Date('2026-11-23T12:00:00Z'));
    let reads = 0;
    const trendOf = createTrendCache({
      read: async (level) => {
        reads++;
        if (reads === 1) throw new Error('database away');
        return readTrend(ctx.db, level);
      },
      clock,
      events: { subscribe: () => () => undefined },
    });
    const room = await loadRoom(ctx.db, LEVEL);
    await expect(trendOf(room)).rejects.toThrow('database away');
    expect((await trendOf(room)).draws).toHaveLength(TREND_DRAWS);
    expect(reads).toBe(2);
  });
});
