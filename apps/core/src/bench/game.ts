import { readFileSync } from 'node:fs';
import os from 'node:os';
import { BET_NAMES, DEFAULT_ODDS, type GameResult, multiplierBps } from '@prism/domain';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { queryRows } from '../db/client';
import { checkLedgerAndBets } from '../ledgerCheck';
import { openSession } from '../modules/auth/sessions';
import { createLocalBeacon } from '../modules/game/beacon';
import { drawSession } from '../modules/game/draw';
import { loadRoom } from '../modules/game/rooms';
import { gameLevels } from '../modules/game/schema';
import { ensureCurrentSession, type SessionRow } from '../modules/game/sessions';
import { settleSession } from '../modules/game/settle';
import { transferBatch } from '../modules/ledger/ledger';
import { systemClock } from '../platform/clock';
import { cryptoRandom } from '../platform/random';
import { createTokenService } from '../platform/tokens';
import { startCoreProcess } from '../testing/process';
import { benchBetBody, freshDatabase, insertBenchRoom, machine, measure, processCpuMs } from './support';

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
/** Settlement runs: each settles one session ours and one bare. */
const SETTLE_RUNS = Number(process.env.BENCH_SETTLE_RUNS ?? 9);

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
  const level = await loadRoom(db.db, 9);
  await db.db.execute(
    sql`insert into users (phone, area_code, password_hash, invitation_code) select lpad(g::text, 10, '0'), '91', 'x', 'B' || g from generate_series(1, ${USERS}) g`,
  );
  await db.db.execute(sql`insert into ledger_accounts (asset, user_id, balance) select 'CHIP', id, 0 from users`);

  /** A drawn session of BETS bets (users take turns; every bet name; the same stakes each time). */
  const drawnSession = async (i: number) => {
    const made = await db.db.transaction((tx) => ensureCurrentSession(tx, chainDeps, level, new Date(Date.now() + i * 3_600_000)));
    if (!made) throw new Error('no session');
    await db.db.execute(sql`insert into game_bets (order_no, user_id, session_id, level, period_id, bet_name, base_amount, multiples, total, fee, coin, status, created_at)
      select 'B' || ${made.session.id} || '-' || g, 1 + (g % ${USERS}), ${made.session.id}, 9, ${made.session.periodId},
             (array['Red','Green','Violet','Big','Small','0','1','2','3','4','5','6','7','8','9'])[1 + (g % 15)], 1000, 5, 5000, 100, 'CHIP', 'PENDING', now()
      from generate_series(1, ${BETS}) g`);
    const drawn = await db.db.transaction((tx) =>
      drawSession(tx, { secret: SECRET, clock: systemClock }, made.session, { round: made.session.beaconRound, value: 'bench' }),
    );
    if (!drawn) throw new Error('not drawn');
    return drawn;
  };
  /**
   * The two sessions of a pair settle the same work: the second gets the first's result. Each draw's
   * result decides how many bets win (3 or 4 of the 15 names) and how many players are paid (each
   * player here bets on 3 names: one pair paid 4,000 players against 6,000), so the pair's ratio
   * compared different work (docs/performance.md, "The game"). Pairs still differ from each
   * other. Each side also settles at a quarter hour of its own (`at`): in one quarter the second
   * side would update the figure rows the first had inserted.
   */
  const equalWork = async ([first, second]: SessionRow[]): Promise<SessionRow[]> => {
    if (!first || !second) throw new Error('a pair needs two sessions');
    await db.db.execute(sql`update game_sessions set result = ${first.result} where id = ${second.id}`);
    return [first, { ...second, result: first.result }];
  };
  const pool = new pg.Pool({ connectionString: db.url, max: POOL });
  pool.on('error', () => undefined);
  // The bare SQL is handed its system accounts, as bare_bet is (created before the clock starts).
  await db.db.execute(
    sql`insert into ledger_accounts (asset, system_name, shard) values ('CHIP', 'house', 0), ('CHIP', 'fees', 0) on conflict do nothing`,
  );
  const [ids] = await queryRows<{ house: number; fees: number }>(
    db.db,
    sql`select (select id from ledger_accounts where system_name = 'house' and asset = 'CHIP' and shard = 0) as house,
               (select id from ledger_accounts where system_name = 'fees' and asset = 'CHIP' and shard = 0) as fees`,
  );
  if (!ids) throw new Error('system accounts missing');

  /**
   * Ours: settleSession in its transaction, as the scheduler runs it, at `at` (its quarter hour's
   * figure rows: equalWork). Answers its report and its backend's CPU.
   */
  const settleOurs = async (session: SessionRow, at: Date) =>
    db.db.transaction(async (tx) => {
      const [backend] = await queryRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
      const cpu = processCpuMs(Number(backend?.pid));
      const report = await settleSession(tx, { now: () => at }, session, DEFAULT_ODDS);
      return { report, cpuMs: processCpuMs(Number(backend?.pid)) - cpu };
    });
  /**
   * Bare: the same work as ONE statement with account ids known and no locking order (the
   * strongest we can write): the winning bets priced in place (losers are not written, as in
   * ours), winners credited, house debited, the fee of every bet moved, a transfer per winner and
   * for the fee, the session row, each player's settled stake and payout added to their figures
   * row of the quarter hour (no ordering); committed like ours.
   */
  const settleBare = async (session: SessionRow, at: Date) => {
    const multipliers = BET_NAMES.map((name) => [name, multiplierBps(name, session.result as GameResult, DEFAULT_ODDS)] as const)
      .filter(([, mult]) => mult > 0)
      .map(([name, mult]) => `('${name}', ${mult}::bigint)`)
      .join(',');
    const client = await pool.connect();
    try {
      const backend = Number((await client.query('select pg_backend_pid() as pid')).rows[0]?.pid);
      const cpu = processCpuMs(backend);
      await client.query(
        `with settled as (
           update game_bets b set status = 'WIN', payout = ((b.total - b.fee) * m.mult) / 10000, settled_at = $5::timestamptz
           from (values ${multipliers}) as m(bet_name, mult) where b.session_id = $1 and b.status = 'PENDING' and b.bet_name = m.bet_name
           returning b.user_id, b.payout),
         paid as (select user_id, sum(payout)::bigint as amount from settled where payout > 0 group by user_id),
         players as (select user_id, count(*)::int as n, sum(total)::bigint as staked, sum(fee)::bigint as fee from game_bets where session_id = $1 and status = 'PENDING' group by user_id),
         fee as (select coalesce(sum(fee), 0)::bigint as amount from players),
         credited as (update ledger_accounts a set balance = a.balance + p.amount from paid p where a.user_id = p.user_id and a.asset = 'CHIP' returning a.id, p.amount),
         house as (update ledger_accounts set balance = balance - (select coalesce(sum(amount), 0) from paid) - (select amount from fee) where id = $2),
         fees as (update ledger_accounts set balance = balance + (select amount from fee) where id = $3),
         closed as (update game_sessions set status = 'settled', settled_at = $5::timestamptz where id = $1),
         payouts as (insert into ledger_transfers (asset, from_account_id, to_account_id, amount, type, reference, created_at)
           select 'CHIP', $2, c.id, c.amount, 'payout', $4, $5::timestamptz from credited c),
         figures as (insert into game_user_quarters as q (user_id, quarter, settled, coin, staked, payout, bets, won)
           select f.user_id, date_bin('900 seconds', $5::timestamptz, timestamptz '2000-01-01 00:00:00+00'), true, 'CHIP', sum(f.staked), sum(f.payout), sum(f.bets), sum(f.won)
           from (select user_id, staked, 0::bigint as payout, n as bets, 0 as won from players
                 union all select user_id, 0, sum(payout)::bigint, 0, count(*)::int from settled group by user_id) f
           group by f.user_id
           on conflict (user_id, quarter, settled, coin) do update
             set staked = q.staked + excluded.staked, payout = q.payout + excluded.payout, bets = q.bets + excluded.bets, won = q.won + excluded.won)
         insert into ledger_transfers (asset, from_account_id, to_account_id, amount, type, reference, created_at)
         select 'CHIP', $2, $3, amount, 'fee', $4, $5::timestamptz from fee where amount > 0`,
        [session.id, ids.house, ids.fees, `bare:${session.periodId}`, at.toISOString()],
      );
      return { cpuMs: processCpuMs(backend) - cpu };
    } finally {
      client.release();
    }
  };

  /**
   * Before each pair: both sessions' bets written, then VACUUM (ANALYZE) and a CHECKPOINT, so that
   * neither side meets what the other left or what the bets' insert left: hint bits not yet set on
   * 200,000 fresh rows (the first reader pays them), an autovacuum or auto-analyze starting in the
   * middle of one side (100,000 inserts pass its thresholds), statistics that changed between the
   * two (a plan change), the checkpoint's writes (docs/performance.md, "The game": the ratio's
   * spread with and without; on a loaded machine the load itself spreads it more). In production a session's bets are committed over minutes before
   * the draw and autovacuum has long seen them. The bench's tables are left to these explicit
   * vacuums. BENCH_SETTLE_QUIET=off measures the old way, for comparison.
   */
  const quietly = process.env.BENCH_SETTLE_QUIET !== 'off';
  const quiet = async () => {
    if (!quietly) return;
    await db.db.execute(sql`vacuum (analyze) game_bets, ledger_accounts, game_user_quarters, game_sessions`);
    await db.db.execute(sql`checkpoint`);
  };
  for (const table of quietly ? ['game_bets', 'ledger_accounts', 'ledger_transfers', 'game_user_quarters', 'game_sessions'] : [])
    await db.db.execute(sql.raw(`alter table ${table} set (autovacuum_enabled = off)`));
  // Each run settles two sessions of the same bets, ours and bare, taking turns at going first.
  type Run = { ms: number; cpuMs: number; nodeCpuMs: number };
  const ours: Run[] = [];
  const bare: Run[] = [];
  // This process's CPU during a side (ours computes in Node too; bare only waits), in ms.
  const nodeCpuMs = () => {
    const usage = process.cpuUsage();
    return (usage.user + usage.system) / 1000;
  };
  let report: Awaited<ReturnType<typeof settleOurs>>['report'];
  for (let run = 0; run < SETTLE_RUNS; run++) {
    const pair = await equalWork([await drawnSession(2 * run), await drawnSession(2 * run + 1)]);
    await quiet();
    for (const [k, session] of (run % 2 === 0 ? pair : pair.reverse()).entries()) {
      const started = performance.now();
      const node = nodeCpuMs();
      const took = (cpuMs: number): Run => ({
        ms: Math.round(performance.now() - started),
        cpuMs,
        nodeCpuMs: Math.round(nodeCpuMs() - node),
      });
      // Each side in a quarter hour of its own, so both insert their figure rows (equalWork).
      const at = new Date(Date.UTC(2030, 0, 1) + (2 * run + k) * 900_000);
      if ((k === 0) === (run % 2 === 0)) {
        const settled = await settleOurs(session, at);
        report = settled.report;
        ours.push(took(settled.cpuMs));
      } else {
        const settled = await settleBare(session, at);
        bare.push(took(settled.cpuMs));
      }
    }
  }
  const med = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const oursMs = med(ours.map((r) => r.ms));
  const bareMs = med(bare.map((r) => r.ms));
  // Each pair's own ratio (the two ran back to back, under the same load): their median and range.
  const pairRatios = (of: (r: Run) => number) => ours.map((r, i) => Math.round((of(r) / Math.max(1, of(bare[i] ?? r))) * 100) / 100);
  const spread = (ratios: number[]) => ({ median: med(ratios), min: Math.min(...ratios), max: Math.max(...ratios), all: ratios });
  out.settlement = {
    bets: BETS,
    users: USERS,
    runs: SETTLE_RUNS,
    quiet: quietly,
    oursMs: { min: Math.min(...ours.map((r) => r.ms)), median: oursMs, all: ours.map((r) => r.ms) },
    bareMs: { min: Math.min(...bare.map((r) => r.ms)), median: bareMs, all: bare.map((r) => r.ms) },
    ratio: (oursMs / Math.max(1, bareMs)).toFixed(2),
    pairRatioWall: spread(pairRatios((r) => r.ms)),
    pairRatioPostgresCpu: spread(pairRatios((r) => r.cpuMs)),
    pairRatioPostgresAndNodeCpu: spread(pairRatios((r) => r.cpuMs + r.nodeCpuMs)),
    postgresCpuMs: { ours: med(ours.map((r) => r.cpuMs)), bare: med(bare.map((r) => r.cpuMs)) },
    nodeCpuMs: { ours: med(ours.map((r) => r.nodeCpuMs)), bare: med(bare.map((r) => r.nodeCpuMs)) },
    loadAverage: os
      .loadavg()
      .map((v) => v.toFixed(1))
      .join(' '),
    report,
  };
  // BENCH_PART=settlement stops here (bets are measured by `npm run bench -- http`).
  if (process.env.BENCH_PART === 'settlement') {
    out.ledgerCheck = (await checkLedgerAndBets(db.db)).ok;
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
        // Offline: production's default beacon is drand, which the benchmark does not measure.
        GAME_BEACON: 'local',
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
    await insertBenchRoom(db.db, 3600);
    const open = await db.db.transaction((tx) =>
      ensureCurrentSession(tx, chainDeps, { ...level, level: 8, levelName: 'Bench bets' }, new Date()),
    );
    if (!open) throw new Error('no open session');
    const body = benchBetBody(open.session.id);
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
    out.ledgerCheck = (await checkLedgerAndBets(db.db)).ok;
    console.log(JSON.stringify(out, null, 2));
  }
} finally {
  await db.drop();
}
