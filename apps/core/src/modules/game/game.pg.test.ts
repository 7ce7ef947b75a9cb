import type { GameBetRecord, GameSession } from '@prism/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase, queryRows } from '../../db/client';
import { type CoreProcess, createEmptyPostgresDatabase, fundInDatabase, registerThrough, startCoreProcess, TestApi } from '../../testing';
import { checkLedger } from '../../testing/ledger';
import { betStatusSql } from './outcome';

/**
 * Real processes on one PostgreSQL: two core processes run the same rooms and
 * every session is settled exactly once; a process killed mid-session leaves
 * its session to the next process, which settles it once.
 */
const ROOM = { level: '5', levelName: 'Test 4 s', sessionSeconds: '4', betCloseSeconds: '1', betBaseAmounts: '1', betMultiples: '1,5' };

let database: { url: string; drop(): Promise<void> };
let handle: DatabaseHandle;
const processes: CoreProcess[] = [];
const env = () => ({ DATABASE_URL: database.url, JWT_SECRET: 'game-pg-shared-secret', GAME_TICK_MS: '100', GAME_CHAIN_LENGTH: '2000' });

beforeAll(async () => {
  database = await createEmptyPostgresDatabase({ migrated: true });
});
afterAll(async () => {
  await Promise.all(processes.map((p) => p.stop()));
  await handle?.close();
  await database.drop();
});

async function registered(api: TestApi, phone: string): Promise<{ token: string; id: number }> {
  const user = await registerThrough(api, phone);
  await fundInDatabase(handle.db, user.id, 'CHIP', 1_000_000n);
  return user;
}

/** Bets on the open session of the test room through `api`, retrying across the cut-off and while a session opens. */
async function betOnce(api: TestApi, token: string, betName: string): Promise<GameBetRecord> {
  for (;;) {
    const session = await api.get<GameSession>('/app/game/luckyLottery/getSession', { level: ROOM.level });
    // 423: the other process is opening the next session right now; ask again.
    if (session.code === 423) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      continue;
    }
    if (session.code !== 200) throw new Error(`getSession answered ${session.code} ${session.message}`);
    const s = session.result;
    const answer = await api.post<GameBetRecord>(
      '/app/game/luckyLottery/betting',
      { gameSessionId: String(s.id), betName, baseAmount: '1', betMultiples: '5', totalBetAmount: '5.00' },
      { token },
    );
    if (answer.code === 200) return answer.result;
    if (answer.message !== 'Error Session') throw new Error(answer.message);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

const waitFor = async (check: () => Promise<boolean>, ms: number) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
};

describe('the scheduler across processes (PostgreSQL)', () => {
  it('two processes: every session drawn and settled exactly once', async () => {
    processes.push(await startCoreProcess(env()), await startCoreProcess(env()));
    handle = await openDatabase({ url: database.url });
    const [a, b] = processes as [CoreProcess, CoreProcess];
    await a.ops.post('/admin/game/levels', ROOM);
    const apis = [new TestApi(a.url), new TestApi(b.url)];
    const users = [await registered(apis[0] as TestApi, '9000000001'), await registered(apis[1] as TestApi, '9000000002')];
    const bets: GameBetRecord[] = [];
    const names = ['Red', 'Green', 'Big', 'Small', 'Violet', '3'];
    const until = Date.now() + 9_000;
    for (let i = 0; Date.now() < until; i++) {
      const user = users[i % 2] as { token: string };
      bets.push(await betOnce(apis[i % 2] as TestApi, user.token, names[i % names.length] as string));
      await new Promise((resolve) => setTimeout(resolve, 400));
    }
    const periods = [...new Set(bets.map((b) => b.periodId))];
    expect(periods.length).toBeGreaterThanOrEqual(2);
    await waitFor(
      async () =>
        (
          await queryRows<{ n: number }>(
            handle.db,
            sql`select count(*)::int as n from game_bets b join game_sessions s on s.id = b.session_id where ${betStatusSql('b', 's')} = 'PENDING'`,
          )
        )[0]?.n === 0,
      20_000,
    );

    const sessions = await queryRows<{ period_id: string; status: string }>(
      handle.db,
      sql`select period_id, status from game_sessions where level = 5 and period_id = any(${sql.raw(`array['${periods.join("','")}']`)})`,
    );
    expect(sessions.every((s) => s.status === 'settled')).toBe(true);
    // Settled once: one payout per winner and one fee transfer per coin in each session, never two.
    const doubled = await queryRows<{ reference: string }>(
      handle.db,
      sql`select reference from ledger_transfers where type in ('payout', 'fee') group by reference, type, to_account_id having count(*) > 1`,
    );
    expect(doubled).toEqual([]);
    const settledBets = await queryRows<{ status: string; n: number }>(
      handle.db,
      sql`select ${betStatusSql('b', 's')} as status, count(*)::int as n from game_bets b join game_sessions s on s.id = b.session_id group by 1`,
    );
    expect(settledBets.reduce((sum, r) => sum + r.n, 0)).toBe(bets.length);
    expect((await checkLedger(handle.db)).ok).toBe(true);
  }, 180_000);

  it('a process killed mid-session: the next process settles that session, once', async () => {
    await Promise.all(processes.splice(0).map((p) => p.stop()));
    const first = await startCoreProcess(env());
    const api = new TestApi(first.url);
    const user = await registered(api, '9000000003');
    const bet = await betOnce(api, user.token, 'Big');
    await first.crash();
    const [stuck] = await queryRows<{ status: string; end_at: Date }>(
      handle.db,
      sql`select status, end_at from game_sessions where period_id = ${bet.periodId}`,
    );
    expect(stuck?.status).toBe('open');
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, new Date(stuck?.end_at ?? 0).getTime() - Date.now() + 500)));

    const second = await startCoreProcess(env());
    processes.push(second);
    await waitFor(
      async () =>
        (
          await queryRows<{ status: string }>(
            handle.db,
            sql`select ${betStatusSql('b', 's')} as status from game_bets b join game_sessions s on s.id = b.session_id where b.id = ${bet.id}`,
          )
        )[0]?.status !== 'PENDING',
      15_000,
    );
    const [session] = await queryRows<{ status: string }>(
      handle.db,
      sql`select status from game_sessions where period_id = ${bet.periodId}`,
    );
    expect(session?.status).toBe('settled');
    const payouts = await queryRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from ledger_transfers where reference = ${`session:${bet.periodId}`} and type = 'payout'`,
    );
    expect(payouts[0]?.n).toBeLessThanOrEqual(1);
    expect((await checkLedger(handle.db)).ok).toBe(true);
  }, 180_000);
});
