import type { GameSession } from '@prism/domain';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase, queryRows } from './db/client';
import { betStatusSql } from './modules/game/outcome';
import {
  createEmptyPostgresDatabase,
  createTestContext,
  fundInDatabase,
  fundUser,
  provisionOperator,
  registerThrough,
  registerUser,
  SHORT_ROOM,
  startCoreProcess,
  TestApi,
  type TestContext,
} from './testing';
import { checkLedger } from './testing/ledger';

/** Money movements that must be whole after any fault: a bet has its debit, an exchange both legs. */
async function expectNothingHalfDone(db: DatabaseHandle['db']): Promise<void> {
  expect((await checkLedger(db)).ok).toBe(true);
  const unbacked = await queryRows(
    db,
    sql`select b.order_no from game_bets b left join ledger_transfers t on t.reference = 'bet:' || b.order_no and t.type = 'bet' group by b.order_no having count(t.id) <> 1`,
  );
  expect(unbacked).toEqual([]);
  const orphanTransfers = await queryRows(
    db,
    sql`select t.reference from ledger_transfers t where t.type = 'bet' and not exists (select 1 from game_bets b where 'bet:' || b.order_no = t.reference)`,
  );
  expect(orphanTransfers).toEqual([]);
  const halfExchanges = await queryRows(
    db,
    sql`select reference from ledger_transfers where type = 'exchange' group by reference having count(*) <> 2`,
  );
  expect(halfExchanges).toEqual([]);
}

const CRASH_OPS_TOKEN = 'crash-test-break-glass-token-0123456789';
/**
 * An owner adds the short room, as in the console. The crash test waits for the sessions it bet in
 * to end and be settled: with room 1's minute-long sessions the test took about a minute.
 */
async function ownerAddsShortRoom(baseUrl: string): Promise<void> {
  const owner = await provisionOperator(baseUrl, CRASH_OPS_TOKEN, { login: 'crash-owner', role: 'owner' });
  const response = await fetch(`${baseUrl}/core/admin/game/levels`, {
    method: 'POST',
    headers: { Authorization: `Ops ${owner.apiToken}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(SHORT_ROOM),
  });
  expect(((await response.json()) as { code: number }).code).toBe(200);
}

describe('database connection loss (PostgreSQL)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('requests fail with a clear error, nothing is half-done, the service recovers by itself', async () => {
    // One second into a session: betting stays open (the test clock does not move on by itself).
    ctx.clock.set('2026-11-23T10:00:01Z');
    const users = await Promise.all([1, 2, 3, 4].map(() => registerUser(ctx)));
    for (const u of users) {
      await fundUser(ctx, u.id, 'CHIP', 10_000_000n);
      await fundUser(ctx, u.id, 'CASH', 10_000_000n);
    }
    const session = (await ctx.api.get<GameSession>('/app/game/luckyLottery/getSession', { level: '1' })).result;
    const burst = () =>
      users.flatMap((u) => [
        ctx.api.post(
          '/app/game/luckyLottery/betting',
          { gameSessionId: String(session.id), betName: 'Big', baseAmount: '1', betMultiples: '1', totalBetAmount: '1.00' },
          { token: u.token },
        ),
        ctx.api.post('/app/user/account/exchange', { fromCoin: 'CASH', toCoin: 'CHIP', amount: '1' }, { token: u.token }),
      ]);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const [database] = await queryRows<{ name: string }>(ctx.db, sql`select current_database() as name`);
    // Connections are cut every 100 ms while requests run, so some die in the middle of their work.
    const answers: { code: number; message: string }[] = [];
    const until = Date.now() + 2_000;
    const cutter = (async () => {
      while (Date.now() < until) {
        await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [
          database?.name,
        ]);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    while (Date.now() < until) answers.push(...(await Promise.all(burst())));
    await cutter;
    await admin.end();
    // Only success or 'briefly unavailable': anything else (a 500, a logout, a refusal) says which.
    expect(answers.filter((a) => a.code !== 200 && a.code !== 503)).toEqual([]);
    expect(answers.filter((a) => a.code === 503).length, 'the fault really hit requests').toBeGreaterThan(0);
    // Recovered: after the loss, everything works again without a restart.
    const after = await Promise.all(burst());
    expect(after.map((a) => a.code)).toEqual(after.map(() => 200));
    await expectNothingHalfDone(ctx.db);
  });
});

describe('a crash under load (PostgreSQL)', () => {
  let database: { url: string; drop(): Promise<void> };
  let handle: DatabaseHandle;
  beforeAll(async () => {
    database = await createEmptyPostgresDatabase({ migrated: true });
  });
  afterAll(async () => {
    await handle?.close();
    await database.drop();
  });

  it('kill -9 in the middle of concurrent money traffic leaves no half-applied movement; the next process settles everything once', async () => {
    const env = {
      DATABASE_URL: database.url,
      JWT_SECRET: 'crash-test-secret',
      GAME_TICK_MS: '200',
      GAME_CHAIN_LENGTH: '500',
      RATE_LIMIT_SMS_PER_MINUTE: '1000',
      RATE_LIMIT_AUTH_PER_MINUTE: '1000',
      OPS_TOKEN: CRASH_OPS_TOKEN,
    };
    const first = await startCoreProcess(env);
    await ownerAddsShortRoom(first.url);
    handle = await openDatabase({ url: database.url });
    const api = new TestApi(first.url);
    const tokens: string[] = [];
    for (let i = 0; i < 6; i++) {
      const user = await registerThrough(api, `81000000${String(i).padStart(2, '0')}`);
      await fundInDatabase(handle.db, user.id, 'CHIP', 100_000_000n);
      await fundInDatabase(handle.db, user.id, 'CASH', 100_000_000n);
      tokens.push(user.token);
    }
    // The room closes betting for the last 3 s of each 10: start the traffic with time left to bet.
    const open = (await api.get<GameSession>('/app/game/luckyLottery/getSession', { level: SHORT_ROOM.level })).result;
    if (open.betEndTime - open.timestamp < 4_000)
      await new Promise((resolve) => setTimeout(resolve, open.sessionEndTime - open.timestamp + 500));
    let stop = false;
    const traffic = tokens.map(async (token) => {
      while (!stop) {
        try {
          const session = (await api.get<GameSession>('/app/game/luckyLottery/getSession', { level: SHORT_ROOM.level })).result;
          await Promise.all([
            api.post(
              '/app/game/luckyLottery/betting',
              { gameSessionId: String(session.id), betName: 'Red', baseAmount: '1', betMultiples: '5', totalBetAmount: '5.00' },
              { token },
            ),
            api.post('/app/user/account/exchange', { fromCoin: 'CASH', toCoin: 'CHIP', amount: '3' }, { token }),
          ]);
        } catch {
          // The process is gone: requests fail until the traffic stops.
        }
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 1_500 + Math.floor(Math.random() * 1_500)));
    await first.crash();
    stop = true;
    await Promise.all(traffic);
    const placed = await queryRows<{ n: number }>(handle.db, sql`select count(*)::int as n from game_bets`);
    expect(placed[0]?.n).toBeGreaterThan(10);
    await expectNothingHalfDone(handle.db);

    // The next process finishes every session that had bets, once.
    const second = await startCoreProcess(env);
    try {
      const [last] = await queryRows<{ end_at: Date }>(
        handle.db,
        sql`select max(end_at) as end_at from game_sessions where id in (select session_id from game_bets)`,
      );
      const deadline = new Date(last?.end_at ?? Date.now()).getTime() + 15_000;
      while (Date.now() < deadline) {
        const [pending] = await queryRows<{ n: number }>(
          handle.db,
          sql`select count(*)::int as n from game_bets b join game_sessions s on s.id = b.session_id where ${betStatusSql('b', 's')} = 'PENDING'`,
        );
        if (pending?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      const [pending] = await queryRows<{ n: number }>(
        handle.db,
        sql`select count(*)::int as n from game_bets b join game_sessions s on s.id = b.session_id where ${betStatusSql('b', 's')} = 'PENDING'`,
      );
      expect(pending?.n).toBe(0);
      const doubled = await queryRows(
        handle.db,
        sql`select reference from ledger_transfers where type = 'payout' group by reference, to_account_id having count(*) > 1`,
      );
      expect(doubled).toEqual([]);
      await expectNothingHalfDone(handle.db);
    } finally {
      await second.stop();
    }
  }, 240_000);
});
