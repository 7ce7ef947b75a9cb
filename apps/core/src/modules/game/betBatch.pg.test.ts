import { AppError, type GameSession } from '@prism/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { ManualClock } from '../../platform/clock';
import { sequenceNumbers } from '../../platform/sequenceNumbers';
import { createTestContext, fundedUsers, nextGameSession, type TestContext, type TestUser } from '../../testing';
import { checkLedger } from '../../testing/ledger';
import { KeyTaken } from '../idempotency';
import { type BetInput, betBatcherOf, placeBet } from './betting';

/**
 * Bets placed together (betBatch.ts, place_bets in drizzle/0045_place_bets.sql), on PostgreSQL,
 * where several run at once. A batcher with few slots makes batches form: bets sent in the same
 * moment beyond its slots wait and go in one statement.
 */
let ctx: TestContext;
let users: TestUser[];
beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set('2026-11-23T10:00:10Z');
  users = await fundedUsers(ctx, 24, 'CHIP', 100_000_000n);
}, 120_000);
afterAll(() => ctx.close());

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/**
 * Bet numbers whose block is taken already, so that no bet of the test waits on the database for
 * one: bets placed in the same moment reach the batcher in the order they were placed.
 */
async function readyBetNumbers() {
  const numbers = sequenceNumbers('bet_numbers');
  await numbers.next(ctx.db);
  return numbers;
}
const betOn = (gameSessionId: number): BetInput => ({
  gameSessionId,
  betName: 'Big',
  baseAmount: 1_000n,
  betMultiples: 1,
  totalBetAmount: 1_000n,
  coin: 'CHIP',
});
const outcome = (bet: Promise<unknown>) =>
  bet.then(
    () => 'placed',
    (error: unknown) => (error instanceof AppError ? error.key : error instanceof KeyTaken ? 'taken' : String(error)),
  );

describe('bets placed together (PostgreSQL)', () => {
  it('batches racing the draw and settlement of their sessions: every bet placed or refused, none deadlocked, none stranded', async () => {
    const batches: [number, boolean][] = [];
    const batcher = betBatcherOf(ctx.db, { inFlight: 2, onBatch: (bets, oneByOne) => batches.push([bets, oneByOne]) });
    let placed = 0;
    let refused = 0;
    for (let round = 0; round < 12; round++) {
      const session = await nextGameSession(ctx);
      // Room 2's session of the moment (3 minutes): settled every third round, while room 1's
      // session is settled every round. Each player bets in both, so bets of a session being
      // settled and of another wait together.
      const other = (await ctx.api.get<GameSession>('/app/game/luckyLottery/getSession', { level: '2' })).result;
      // The bets' clock inside the betting window, the scheduler's past the session's end (betRace.pg.test.ts).
      const betClock = new ManualClock(new Date(session.betEndTime - 1_000));
      ctx.clock.set(new Date(session.sessionEndTime + 500));
      const bets = users.flatMap((user, i) =>
        [session, other].map(async (s, k) => {
          await pause((i * 7 + k * 11 + round * 5) % 12);
          return outcome(placeBet(ctx.db, { clock: betClock, batcher }, user.id, betOn(s.id)));
        }),
      );
      const settle = pause(round * 3).then(() => ctx.services.game.scheduler.tick());
      const outcomes = await Promise.all(bets);
      await settle;
      // Bets that arrive once the draw has closed the session, together: each refused on its own
      // (whether the racing ones landed before the draw or not depends on the machine's speed).
      const late = await Promise.all(
        users.slice(0, 6).map((user) => outcome(placeBet(ctx.db, { clock: betClock, batcher }, user.id, betOn(session.id)))),
      );
      expect(late).toEqual(Array(6).fill('ERROR_SESSION'));
      outcomes.push(...late);
      await ctx.services.game.scheduler.tick();
      for (const o of outcomes) expect(['placed', 'ERROR_SESSION']).toContain(o);
      placed += outcomes.filter((o) => o === 'placed').length;
      refused += outcomes.filter((o) => o === 'ERROR_SESSION').length;
    }
    expect(placed).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
    // Batches formed, and none of them was refused by the server (a deadlock would have been).
    expect(batches.length).toBeGreaterThan(10);
    expect(batches.reduce((sum, [bets]) => sum + bets, 0)).toBeGreaterThan(2 * batches.length);
    expect(batches.filter(([, oneByOne]) => oneByOne)).toEqual([]);
    const [rows] = await queryRows<{ bets: number; transfers: number }>(
      ctx.db,
      sql`select (select count(*)::int from game_bets) as bets, (select count(*)::int from ledger_transfers where type = 'bet') as transfers`,
    );
    expect(rows).toEqual({ bets: placed, transfers: placed });
    expect((await checkLedger(ctx.db)).ok).toBe(true);
  }, 300_000);

  it('a batch waiting for its session holds no account: a settlement holding the session can take them', async () => {
    // The draw and the settlement hold their session FOR UPDATE while they lock the winners'
    // accounts; a batch must take its session before any account, or the two deadlock.
    const batches: [number, boolean][] = [];
    const deps = {
      clock: ctx.clock,
      batcher: betBatcherOf(ctx.db, { inFlight: 1, onBatch: (bets, oneByOne) => batches.push([bets, oneByOne]) }),
      betNumbers: await readyBetNumbers(),
    };
    const session = await nextGameSession(ctx);
    const other = (await ctx.api.get<GameSession>('/app/game/luckyLottery/getSession', { level: '2' })).result;
    const [first, ...players] = users.slice(6, 10) as [TestUser, ...TestUser[]];
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let sessionHeld: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      sessionHeld = resolve;
    });
    let accountsTaken = false;
    const settlement = ctx.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from game_sessions where id = ${session.id} for update`);
      sessionHeld();
      await released;
      await tx.execute(sql`set local lock_timeout = '3s'`);
      await tx.execute(sql`select 1 from ledger_accounts where user_id in ${players.map((p) => p.id)} order by id for update`);
      accountsTaken = true;
    });
    await held;
    // The first bet (another session) takes the one slot; the others wait and go together, then wait for the session.
    const bets = [
      placeBet(ctx.db, deps, first.id, betOn(other.id)),
      ...players.map((player) => placeBet(ctx.db, deps, player.id, betOn(session.id))),
    ].map(outcome);
    for (let tries = 0; tries < 200 && !(await keyWaited()); tries++) await pause(25);
    release();
    await settlement;
    expect(accountsTaken).toBe(true);
    expect(await Promise.all(bets)).toEqual(['placed', 'placed', 'placed', 'placed']);
    expect(batches).toEqual([[3, false]]);
  }, 60_000);

  it('the same Idempotency-Key twice in one batch: the first placed, the second told the key is taken', async () => {
    const batches: [number, boolean][] = [];
    const deps = {
      clock: ctx.clock,
      batcher: betBatcherOf(ctx.db, { inFlight: 1, onBatch: (bets, oneByOne) => batches.push([bets, oneByOne]) }),
      betNumbers: await readyBetNumbers(),
    };
    const session = await nextGameSession(ctx);
    const [user, other] = users as [TestUser, TestUser];
    const record = { key: 'twice-in-a-batch', route: 'betting', requestHash: 'h' };
    // The first bet takes the one slot; the next three wait and go together.
    const bets = [
      placeBet(ctx.db, deps, other.id, betOn(session.id)),
      placeBet(ctx.db, deps, user.id, betOn(session.id), record),
      placeBet(ctx.db, deps, user.id, betOn(session.id), record),
      placeBet(ctx.db, deps, other.id, betOn(session.id)),
    ].map(outcome);
    expect(await Promise.all(bets)).toEqual(['placed', 'placed', 'taken', 'placed']);
    expect(batches).toEqual([[3, false]]);
    const [keyed] = await queryRows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from idempotency_keys where user_id = ${user.id} and key = ${record.key}`,
    );
    expect(keyed?.n).toBe(1);
  }, 60_000);

  it('a batch the server refuses (a key in flight on another connection): each bet then placed on its own', async () => {
    const batches: [number, boolean][] = [];
    const deps = {
      clock: ctx.clock,
      batcher: betBatcherOf(ctx.db, { inFlight: 1, onBatch: (bets, oneByOne) => batches.push([bets, oneByOne]) }),
      betNumbers: await readyBetNumbers(),
    };
    const session = await nextGameSession(ctx);
    const [user, other, third] = users.slice(2) as [TestUser, TestUser, TestUser];
    const record = { key: 'in-flight', route: 'betting', requestHash: 'h' };
    const before = await betsOf(user.id);
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inserted: () => void = () => undefined;
    const keyInserted = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    // Another request's first use of the key, not yet committed: the batch's insert of the key
    // waits for it, then fails the primary key once it commits (23505), undoing the whole batch.
    const holder = ctx.db.transaction(async (tx) => {
      await tx.execute(
        sql`insert into idempotency_keys (user_id, key, route, request_hash, outcome, created_at)
            values (${user.id}, ${record.key}, 'betting', 'h', '{"ok": false, "key": "BET_LIMIT"}'::jsonb, now())`,
      );
      inserted();
      await released;
    });
    await keyInserted;
    const bets = [
      placeBet(ctx.db, deps, third.id, betOn(session.id)),
      placeBet(ctx.db, deps, other.id, betOn(session.id)),
      placeBet(ctx.db, deps, user.id, betOn(session.id), record),
      placeBet(ctx.db, deps, third.id, betOn(session.id)),
    ].map(outcome);
    for (let tries = 0; tries < 200 && !(await keyWaited()); tries++) await pause(25);
    release();
    await holder;
    expect(await Promise.all(bets)).toEqual(['placed', 'placed', 'taken', 'placed']);
    expect(batches).toEqual([[3, true]]);
    // The keyed bet placed nothing: the key holds the other request's answer.
    expect(await betsOf(user.id)).toBe(before);
    expect((await checkLedger(ctx.db)).ok).toBe(true);
  }, 60_000);
});

async function betsOf(userId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(ctx.db, sql`select count(*)::int as n from game_bets where user_id = ${userId}`);
  return row?.n ?? 0;
}

/** Whether a statement of this database waits on a lock (the batch, on an uncommitted key or a held session). */
async function keyWaited(): Promise<boolean> {
  const [row] = await queryRows<{ n: number }>(
    ctx.db,
    sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
  );
  return (row?.n ?? 0) > 0;
}
