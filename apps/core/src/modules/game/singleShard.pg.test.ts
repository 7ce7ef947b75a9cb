import { errorCatalogue, type GameBetRecord, type GameSession } from '@prism/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { createTestContext, type Form, fundUser, nextGameSession, registerUser, type TestContext, type TestUser } from '../../testing';
import { installShardProbe, type ShardProbe, type Touched } from '../../testing/shardProbe';

/**
 * The bet path stays on one user's shard (docs/scaling.md, "100,000 bets/s: the Citus layout"):
 * every bet through HTTP, with an Idempotency-Key, its replay, a refusal for the balance and bets up
 * to the session's cap, touches only the bettor's rows, at most one house account and the session's
 * reference rows (the session, its room). Under Citus, distributed by user_id, that is a
 * single-node transaction; a statement that starts reading or writing another user's rows (a
 * whole session's bets, another player's account) fails this test. PostgreSQL only: row-level
 * security and the app's role (testing/shardProbe.ts).
 */
let ctx: TestContext;
let probe: ShardProbe;
let bettor: TestUser;
let other: TestUser;
let poor: TestUser;
let session: GameSession;
let sessionId: number;

/**
 * What a bet may read besides its user's rows: the session (FOR SHARE), its room's rules and the
 * coins' values (prism_stake_turnover, prism_coin_value): reference tables under Citus.
 */
const BET_REFERENCES = ['read exchange_rates', 'read game_levels', 'read game_sessions'];

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set('2026-11-23T10:00:10Z');
  [bettor, other, poor] = [await registerUser(ctx), await registerUser(ctx), await registerUser(ctx)] as [TestUser, TestUser, TestUser];
  await fundUser(ctx, bettor.id, 'CHIP', 1_000_000_000n);
  await fundUser(ctx, other.id, 'CHIP', 1_000_000_000n);
  await fundUser(ctx, poor.id, 'CHIP', 1_000n);
  session = await nextGameSession(ctx);
  sessionId = session.id;
  // The other player has rows of every kind the bettor's bets write, in the same session.
  expect((await bet(other, '1000', '20')).code).toBe(200);
  const [db] = await queryRows<{ name: string }>(ctx.db, sql`select current_database() as name`);
  probe = await installShardProbe(db?.name ?? '');
}, 60_000);

afterAll(async () => {
  // The probe's connection goes first: the context's close drops the database with it.
  await (probe ? probe.close(() => ctx.close()) : ctx?.close());
});

function bet(user: TestUser, baseAmount: string, betMultiples: string, key?: string) {
  const total = (Number(baseAmount) * Number(betMultiples)).toFixed(2);
  const form: Form = { gameSessionId: String(sessionId), betName: 'Big', baseAmount, betMultiples, totalBetAmount: total };
  return ctx.api.post<GameBetRecord>('/app/game/luckyLottery/betting', form, {
    token: user.token,
    ...(key ? { headers: { 'Idempotency-Key': key } } : {}),
  });
}

/** One user's rows, one house account at most, the session's reference rows: nothing else. */
function expectOneShard(touched: Touched, user: TestUser): void {
  expect(touched.strays, `rows of other users were touched: ${JSON.stringify(touched)}`).toBe(0);
  expect(touched.users.filter((id) => id !== user.id)).toEqual([]);
  expect(touched.houses.length).toBeLessThanOrEqual(1);
  expect(touched.references.filter((ref) => !BET_REFERENCES.includes(ref))).toEqual([]);
}

describe('the bet path touches one user (PostgreSQL, row-level probe)', () => {
  it('a bet with an Idempotency-Key and its replay', async () => {
    const first = await probe.watch(bettor.id, () => bet(bettor, '10', '5', 'shard-1'));
    expect(first.answer.code).toBe(200);
    expectOneShard(first.touched, bettor);
    // The bet itself was seen: the bettor's rows, one house account credited.
    expect(first.touched.users).toEqual([bettor.id]);
    expect(first.touched.houses).toHaveLength(1);
    const replay = await probe.watch(bettor.id, () => bet(bettor, '10', '5', 'shard-1'));
    expect(replay.answer.result).toEqual(first.answer.result);
    expectOneShard(replay.touched, bettor);
  });

  it('a bet refused for the balance', async () => {
    const refused = await probe.watch(poor.id, () => bet(poor, '1000', '1', 'shard-poor'));
    expect(refused.answer.code).toBe(errorCatalogue.INSUFFICIENT_BALANCE.code);
    expectOneShard(refused.touched, poor);
  });

  it('bets up to the session cap, and the one refused by it', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 60 && codes.at(-1) !== errorCatalogue.BET_SESSION_LIMIT.code; i++) {
      const placed = await probe.watch(bettor.id, () => bet(bettor, '1000', '20', `shard-cap-${i}`));
      expectOneShard(placed.touched, bettor);
      codes.push(placed.answer.code);
    }
    // Some fitted, then the cap refused one (the stake row's raise refused, undone in place).
    expect(codes.at(-1)).toBe(errorCatalogue.BET_SESSION_LIMIT.code);
    expect(codes.slice(0, -1).every((code) => code === 200)).toBe(true);
    expect(codes.length).toBeGreaterThan(1);
    const [stake] = await queryRows<{ staked: string; cap: string }>(
      ctx.db,
      sql`select st.staked::text, l.bet_amount_max::text as cap from game_session_stakes st
          join game_sessions s on s.id = st.session_id join game_levels l on l.level = s.level
          where st.session_id = ${sessionId} and st.user_id = ${bettor.id}`,
    );
    expect(BigInt(stake?.cap ?? '0') - BigInt(stake?.staked ?? '0')).toBeLessThan(2_000_000n);
  }, 30_000);
});

describe('the probe sees a statement that touches a second user', () => {
  it("the app's connections run as the probe's role, which row-level security applies to", async () => {
    const [row] = await queryRows<{ role: string; bypass: boolean }>(
      ctx.db,
      sql`select current_user as role, (select rolsuper or rolbypassrls from pg_roles where rolname = current_user) as bypass`,
    );
    expect(row).toEqual({ role: probe.role, bypass: false });
  });

  it("a read of a whole session's bets, on the app's connections while armed", async () => {
    const read = await probe.watch(bettor.id, () => queryRows(ctx.db, sql`select count(*) from game_bets where session_id = ${sessionId}`));
    expect(read.touched.strays).toBeGreaterThan(0);
    expect(read.touched.users).toContain(other.id);
    expect(() => expectOneShard(read.touched, bettor)).toThrow();
  });

  it("a write of another player's row, even rolled back", async () => {
    const write = await probe.watch(bettor.id, () =>
      ctx.db
        .transaction(async (tx) => {
          await queryRows(tx, sql`update turnover set done = done where user_id = ${other.id}`);
          throw new Error('rolled back');
        })
        .catch(() => undefined),
    );
    // Rolled back, the log lost the row, the count did not.
    expect(write.touched.strays).toBeGreaterThan(0);
    expect(() => expectOneShard(write.touched, bettor)).toThrow();
  });

  it("the same reads narrowed to one player's rows are not flagged", async () => {
    const narrow = await probe.watch(other.id, async () => {
      await queryRows(ctx.db, sql`select count(*) from game_bets where session_id = ${sessionId} and user_id = ${other.id}`);
      await queryRows(ctx.db, sql`update turnover set done = done where user_id = ${other.id}`);
    });
    expectOneShard(narrow.touched, other);
    expect(narrow.touched.users).toEqual([other.id]);
  });
});

describe('settlement, multi-user by nature', () => {
  it("touches the session's bettors' rows and the house accounts only: no player without a bet in it", async () => {
    ctx.clock.set(new Date(session.sessionEndTime + 500));
    // Armed for nobody: every user row it touches is counted, and listed.
    const settled = await probe.watch(0, () => ctx.services.game.scheduler.tick());
    const [row] = await queryRows<{ status: string }>(ctx.db, sql`select status from game_sessions where id = ${sessionId}`);
    expect(row?.status).toBe('settled');
    expect(settled.touched.users).toEqual([bettor.id, other.id].sort((a, b) => a - b));
    expect(settled.touched.houses.length).toBeGreaterThan(0);
  });
});
