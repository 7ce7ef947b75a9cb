import { readFileSync } from 'node:fs';
import { BET_NAMES, DEFAULT_ODDS, type GameResult, multiplierBps } from '@prism/domain';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { queryRows } from '../db/client';
import { openSession } from '../modules/auth/sessions';
import { createLocalBeacon } from '../modules/game/beacon';
import { drawSession } from '../modules/game/draw';
import { loadLevel } from '../modules/game/levels';
import { gameLevels } from '../modules/game/schema';
import { ensureCurrentSession } from '../modules/game/sessions';
import { settleSession } from '../modules/game/settle';
import { checkLedger } from '../modules/ledger/check';
import { transferBatch } from '../modules/ledger/ledger';
import { systemClock } from '../platform/clock';
import { cryptoRandom } from '../platform/random';
import { createTokenService } from '../platform/tokens';
import { startCoreProcess } from '../testing/process';
import { freshDatabase, machine, measure } from './support';

/**
 * `npm run bench -- game`: (1) settling one session of 100,000 bets, ours vs the
 * same set-based SQL issued bare; (2) bets through the full HTTP API at 200
 * concurrent connections vs the same SQL a bet runs, issued directly.
 */
const BETS = Number(process.env.BENCH_BETS ?? 100_000);
const USERS = 10_000;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SECRET = 'bench-secret';
/** The same number of database connections for our server and for the bare SQL. */
const POOL = Number(process.env.BENCH_POOL ?? 20);

const db = await freshDatabase(POOL);
const out: Record<string, unknown> = { benchmark: 'game', machine: machine() };
try {
  const chainDeps = { secret: SECRET, random: cryptoRandom, clock: systemClock, length: 1000, beacon: createLocalBeacon() };
  await db.db.insert(gameLevels).values({
    level: 9,
    levelName: 'Bench',
    sessionSeconds: 3600,
    betCloseSeconds: 5,
    betBaseAmounts: '100,1000',
    betMultiples: '1,5,10',
    chipMinLimit: 100n,
    chipMaxLimit: 10_000_000n,
    betAmountMax: 1_000_000_000n,
    odds: DEFAULT_ODDS,
  });
  const level = await loadLevel(db.db, 9);
  await db.db.execute(
    sql`insert into users (phone, area_code, password_hash, invitation_code) select lpad(g::text, 10, '0'), '91', 'x', 'B' || g from generate_series(1, ${USERS}) g`,
  );
  await db.db.execute(sql`insert into ledger_accounts (asset, user_id, balance) select 'CHIP', id, 0 from users`);

  /** Two sessions filled with the same bets, one settled ours, one bare. */
  const sessions = [];
  for (let i = 0; i < 2; i++) {
    const at = new Date(Date.now() + i * 3_600_000);
    const made = await db.db.transaction((tx) => ensureCurrentSession(tx, chainDeps, level, at));
    if (!made) throw new Error('no session');
    await db.db.execute(sql`insert into game_bets (order_no, user_id, session_id, level, period_id, bet_name, base_amount, multiples, total, fee, coin, status, created_at)
      select 'B' || ${made.session.id} || '-' || g, 1 + (g % ${USERS}), ${made.session.id}, 9, ${made.session.periodId},
             (array['Red','Green','Violet','Big','Small','0','1','2','3','4','5','6','7','8','9'])[1 + (g % 15)], 1000, 5, 5000, 100, 'CHIP', 'PENDING', now()
      from generate_series(1, ${BETS}) g`);
    const drawn = await db.db.transaction((tx) =>
      drawSession(tx, { secret: SECRET, clock: systemClock }, made.session, { round: made.session.beaconRound, value: 'bench' }),
    );
    sessions.push(drawn);
  }
  const [ours, bare] = sessions;
  if (!ours || !bare) throw new Error('sessions missing');

  let started = performance.now();
  const report = await db.db.transaction((tx) => settleSession(tx, systemClock, ours, DEFAULT_ODDS));
  const oursMs = Math.round(performance.now() - started);

  const multipliers = BET_NAMES.map((name) => `('${name}', ${multiplierBps(name, bare.result as GameResult, DEFAULT_ODDS)}::bigint)`).join(
    ',',
  );
  const pool = new pg.Pool({ connectionString: db.url, max: POOL });
  pool.on('error', () => undefined);
  started = performance.now();
  const client = await pool.connect();
  await client.query('begin');
  await client.query(
    `create temp table paid on commit drop as
      with settled as (
        update game_bets b set status = case when m.mult > 0 then 'WIN' else 'LOSE' end, payout = ((b.total - b.fee) * m.mult) / 10000, settled_at = now()
        from (values ${multipliers}) as m(bet_name, mult) where b.session_id = $1 and b.status = 'PENDING' and b.bet_name = m.bet_name
        returning b.user_id, b.payout)
      select user_id, sum(payout) as amount from settled where payout > 0 group by user_id`,
    [bare.id],
  );
  await client.query(
    `update ledger_accounts a set balance = a.balance + p.amount from paid p where a.user_id = p.user_id and a.asset = 'CHIP'`,
  );
  await client.query(`insert into ledger_transfers (asset, from_account_id, to_account_id, amount, type, reference, created_at)
      select 'CHIP', (select id from ledger_accounts where system_name = 'house' and asset = 'CHIP' limit 1), a.id, p.amount, 'payout', 'bare', now()
      from paid p join ledger_accounts a on a.user_id = p.user_id and a.asset = 'CHIP'`);
  await client.query('rollback');
  client.release();
  const bareMs = Math.round(performance.now() - started);
  out.settlement = { bets: BETS, users: USERS, oursMs, bareMs, ratio: (oursMs / Math.max(1, bareMs)).toFixed(2), report };
  // BENCH_PART=settlement stops here (bets are measured by `npm run bench -- http`).
  if (process.env.BENCH_PART === 'settlement') {
    out.ledgerCheck = (await checkLedger(db.db)).ok;
    console.log(JSON.stringify(out, null, 2));
    await pool.end();
    process.exitCode = 0;
  } else {
    // --- Bets through the HTTP API ---
    const funding = Array.from({ length: CONCURRENCY }, (_, i) => ({
      asset: 'CHIP' as const,
      from: { system: 'rewards' as const },
      to: { userId: i + 1 },
      amount: 100_000_000n,
      type: 'reward' as const,
      reference: `bench-fund:${i}`,
    }));
    await db.db.transaction((tx) => transferBatch(tx, funding, new Date()));
    // The server runs as its own process, as in production: the load generator does not share its CPU.
    const server = await startCoreProcess(
      {
        DATABASE_URL: db.url,
        JWT_SECRET: SECRET,
        DATABASE_POOL_SIZE: String(POOL),
        GAME_TICK_MS: '0',
        NODE_ENV: 'production',
        LOG_LEVEL: 'silent',
      },
      process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [],
    );
    const base = `${server.url}/core`;
    const tokens = createTokenService(SECRET, systemClock);
    const tokenOf: string[] = [];
    for (let userId = 1; userId <= CONCURRENCY; userId++)
      tokenOf.push((await openSession(db.db, { clock: systemClock, random: cryptoRandom, tokens, ttlHours: 1 }, userId)).token);
    // Betting runs in a room of its own, on a session that is open now.
    await db.db.insert(gameLevels).values({
      level: 8,
      levelName: 'Bench bets',
      sessionSeconds: 3600,
      betCloseSeconds: 5,
      betBaseAmounts: '1000',
      betMultiples: '1',
      chipMinLimit: 100n,
      chipMaxLimit: 10_000_000n,
      betAmountMax: 1_000_000_000_000n,
      odds: DEFAULT_ODDS,
    });
    const open = await db.db.transaction((tx) =>
      ensureCurrentSession(tx, chainDeps, { ...level, level: 8, levelName: 'Bench bets' }, new Date()),
    );
    if (!open) throw new Error('no open session');
    const body = new URLSearchParams({
      gameSessionId: String(open.session.id),
      betName: 'Big',
      baseAmount: '10',
      betMultiples: '1',
      totalBetAmount: '10.00',
      coin: 'CHIP',
    }).toString();
    const rss = () => Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024);
    const idleRssMb = rss();
    let peakRssMb = idleRssMb;
    const sampler = setInterval(() => {
      peakRssMb = Math.max(peakRssMb, rss());
    }, 250);
    const http = await measure(CONCURRENCY, SECONDS, async (worker) => {
      const response = await fetch(`${base}/app/game/luckyLottery/betting`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', Authorization: tokenOf[worker] as string },
        body,
      });
      const envelope = (await response.json()) as { code: number; message: string };
      if (envelope.code !== 200) throw new Error(envelope.message);
    });
    clearInterval(sampler);
    await server.stop();

    const houseId = (
      await queryRows<{ id: number }>(db.db, sql`select id from ledger_accounts where system_name = 'house' and asset = 'CHIP' limit 1`)
    )[0]?.id;
    const accountOf = new Map(
      (
        await queryRows<{ id: number; user_id: number }>(
          db.db,
          sql`select id, user_id from ledger_accounts where user_id between 1 and ${CONCURRENCY} and asset = 'CHIP'`,
        )
      ).map((r) => [Number(r.user_id), Number(r.id)]),
    );
    const bareBet = async (worker: number, i: number) => {
      const userId = worker + 1;
      const account = accountOf.get(userId) as number;
      const c = await pool.connect();
      try {
        await c.query('begin');
        // As placeBet: the session row FOR SHARE, so settlement cannot overtake a bet in flight.
        await c.query('select status from game_sessions where id = $1 for share', [open.session.id]);
        await c.query('select pg_advisory_xact_lock(hashtext($1))', [`bet:${userId}`]);
        await c.query('select sum(total) from game_bets where user_id = $1 and session_id = $2', [userId, open.session.id]);
        const debit = await c.query('update ledger_accounts set balance = balance - 1000 where id = $1 and balance >= 1000 returning id', [
          account,
        ]);
        if (debit.rowCount === 0) throw new Error('insufficient');
        await c.query('update ledger_accounts set balance = balance + 1000 where id = $1', [houseId]);
        await c.query(
          `insert into ledger_transfers (asset, from_account_id, to_account_id, amount, type, reference, created_at) values ('CHIP', $1, $2, 1000, 'bet', $3, now())`,
          [account, houseId, `bare:${worker}:${i}`],
        );
        await c.query(
          `insert into game_bets (order_no, user_id, session_id, level, period_id, bet_name, base_amount, multiples, total, fee, coin, status, created_at) values ($1, $2, $3, 9, $4, 'Big', 1000, 1, 1000, 20, 'CHIP', 'PENDING', now())`,
          [`bare-${worker}-${i}`, userId, open.session.id, open.session.periodId],
        );
        await c.query(
          `insert into turnover (user_id, currency, done) values ($1, 'CASH', 1000) on conflict (user_id, currency) do update set done = turnover.done + 1000`,
          [userId],
        );
        await c.query('commit');
      } catch (error) {
        await c.query('rollback');
        throw error;
      } finally {
        c.release();
      }
    };
    const bareHttp = await measure(CONCURRENCY, SECONDS, bareBet);
    await pool.end();
    out.betting = {
      concurrency: CONCURRENCY,
      seconds: SECONDS,
      http,
      bareSql: bareHttp,
      ratio: (http.perSecond / Math.max(1, bareHttp.perSecond)).toFixed(2),
      serverRssMb: { idle: idleRssMb, peak: peakRssMb },
    };
    out.ledgerCheck = (await checkLedger(db.db)).ok;
    console.log(JSON.stringify(out, null, 2));
  }
} finally {
  await db.drop();
}
