import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { queryRows } from '../db/client';
import { checkLedgerAndBets } from '../ledgerCheck';
import { openSession } from '../modules/auth/sessions';
import { createLocalBeacon } from '../modules/game/beacon';
import { loadRoom } from '../modules/game/rooms';
import { ensureCurrentSession } from '../modules/game/sessions';
import { SYSTEM_SHARDS } from '../modules/ledger/ledger';
import { systemClock } from '../platform/clock';
import { cryptoRandom } from '../platform/random';
import { createTokenService } from '../platform/tokens';
import { startCoreProcess } from '../testing/process';
import { seedHistory } from './history';
import { BARE_FUNCTION, freshDatabase, insertBenchRoom, machine, measure, seedFundedPlayers } from './support';

/**
 * `npm run bench -- http`: in one run, side by side, with the load from a separate process
 * (autocannon, bench/load/autocannon.mjs) and the server in its own (`npm start`'s entry):
 * an Express 5 hello-world, three read endpoints (the rooms, the open session and user info, over
 * a seeded history of 55,000 bets: history.ts), bets with Idempotency-Keys (p50/p99, Node CPU
 * per bet from /proc), and the bare baseline: the same bet as one plpgsql function called
 * through node-postgres (pool 16), same statements, same house-account spreading. Each case
 * runs BENCH_RUNS times (3); min and median are printed.
 */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const POOL = Number(process.env.BENCH_POOL ?? 16);
const WORKERS = process.env.BENCH_WORKERS ?? '1';
/** BENCH_CASES=bets,bare,...: only these cases (hello, levels, session, userInfo, bets, bare, direct), e.g. for a profile. */
const CASES = new Set((process.env.BENCH_CASES ?? 'hello,levels,session,userInfo,bets,bare,direct').split(','));
/** BENCH_CORE=apps/core/dist/main.mjs: run that bundle with plain node (as `npm start` does) instead of main.ts through tsx. */
const CORE_ENTRY = process.env.BENCH_CORE ? [process.env.BENCH_CORE] : undefined;
/** Node flags for the core under test and for the baseline, e.g. BENCH_CORE_FLAGS='--max-semi-space-size=1'. */
const flagsOf = (value: string | undefined): string[] => (value ? value.split(/\s+/).filter(Boolean) : []);
const CORE_FLAGS = flagsOf(process.env.BENCH_CORE_FLAGS);
const BASELINE_FLAGS = flagsOf(process.env.BENCH_BASELINE_FLAGS);
const SECRET = 'bench-secret';
const CLOCK_TICKS_PER_SECOND = 100;
const here = path.dirname(fileURLToPath(import.meta.url));

interface Load {
  requests: number;
  perSecond: number;
  okEnvelopes: number;
  non2xx: number;
  errors: number;
  p50: number;
  p99: number;
  firstRefusal?: string;
}

/** Runs autocannon in a child process: the load generator never shares the server's event loop. */
function load(spec: Record<string, unknown>): Promise<Load> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(here, 'load/autocannon.mjs'), JSON.stringify({ seconds: SECONDS, ...spec })], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as Load) : reject(new Error(`autocannon exited ${code}`))));
  });
}

/** utime + stime of a process and all its descendants (the cluster's workers), in clock ticks. */
function cpuTicks(pid: number): number {
  let ticks = 0;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks += Number(fields[11]) + Number(fields[12]);
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      for (const child of children ? children.split(' ') : []) ticks += cpuTicks(Number(child));
    }
  } catch {
    // The process ended between listing and reading: it has no more time to count.
  }
  return ticks;
}

/** Resident memory of a process and its descendants (the cluster's workers), in MB. */
function rssMb(pid: number): number {
  return Math.round(rssKb(pid) / 1024);
}

function rssKb(pid: number): number {
  try {
    let kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      for (const child of children ? children.split(' ') : []) kb += rssKb(Number(child));
    }
    return kb;
  } catch {
    return 0;
  }
}

async function startHello(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [path.join(here, 'load/hello.mjs')], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      const match = /listening (\d+)/.exec(chunk.toString());
      if (match) resolve(Number(match[1]));
    });
  });
  return { url: `http://127.0.0.1:${port}/hello`, child };
}

/**
 * CPU of the PostgreSQL backends serving our database (same machine), per backend, in clock
 * ticks: PostgreSQL's CPU per bet. Shared processes (WAL writer, checkpointer) are not counted.
 */
async function postgresTicks(): Promise<Map<number, number>> {
  const pids = await queryRows<{ pid: number }>(db.db, sql`select pid from pg_stat_activity where datname = current_database()`);
  return new Map(pids.map((row) => [Number(row.pid), cpuTicksOf(Number(row.pid))]));
}

/** Ticks spent since `before` by the backends alive now (one that has left took its last ticks with it). */
async function postgresTicksSince(before: Map<number, number>): Promise<number> {
  let ticks = 0;
  for (const [pid, now] of await postgresTicks()) ticks += now - (before.get(pid) ?? 0);
  return ticks;
}

function cpuTicksOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** A read's load with the server's CPU and PostgreSQL's per answered request (ms), as for bets. */
async function withCpu(serverPid: number, run: () => Promise<Load>) {
  const before = cpuTicks(serverPid);
  const pgBefore = await postgresTicks();
  const result = await run();
  const perRequest = (ticks: number) => Math.round(((ticks * 1000) / CLOCK_TICKS_PER_SECOND / Math.max(1, result.okEnvelopes)) * 100) / 100;
  return {
    ...result,
    cpuMsPerRequest: perRequest(cpuTicks(serverPid) - before),
    postgresMsPerRequest: perRequest(await postgresTicksSince(pgBefore)),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const min = (values: number[]) => Math.min(...values);
const max = (values: number[]) => Math.max(...values);

const db = await freshDatabase(POOL);
const out: Record<string, unknown> = {
  benchmark: 'http',
  machine: machine(),
  connections: CONNECTIONS,
  seconds: SECONDS,
  runs: RUNS,
  coreFlags: CORE_FLAGS.join(' '),
};
try {
  // --- Players, their money and tokens, and an open session in a room of its own ---
  const userIds = await seedFundedPlayers(db.db, CONNECTIONS);
  // A realistic past for the reads: finished sessions with thousands of bets and recharges (history.ts).
  if (CASES.has('userInfo')) out.history = await seedHistory(db.db, userIds);
  // Every house shard exists before the clock starts, for both paths.
  await db.db.execute(
    sql`insert into ledger_accounts (asset, system_name, shard) select 'CHIP', 'house', g from generate_series(0, ${SYSTEM_SHARDS - 1}) g on conflict do nothing`,
  );
  const tokens = createTokenService(SECRET, systemClock);
  const tokenOf: string[] = [];
  for (const userId of userIds)
    tokenOf.push((await openSession(db.db, { clock: systemClock, random: cryptoRandom, tokens, ttlHours: 2 }, userId)).token);
  // A day-long session: a shorter one could close in the middle of the run (periods are aligned to the clock).
  await insertBenchRoom(db.db, 86_400);
  const chainDeps = { secret: SECRET, random: cryptoRandom, clock: systemClock, length: 100, beacon: createLocalBeacon() };
  const level = await loadRoom(db.db, 8);
  const open = await db.db.transaction((tx) => ensureCurrentSession(tx, chainDeps, level, new Date()));
  if (!open) throw new Error('no open session');
  const sessionId = open.session.id;
  const needed = RUNS * 5 * SECONDS * 1000 + 120_000;
  if (open.session.betEndAt.getTime() - Date.now() < needed)
    throw new Error('the bench session closes before the run would end: run it again later');

  // --- The bare baseline: the same bet as one function, written as tightly as we can ---
  await db.db.execute(sql.raw(BARE_FUNCTION));
  const pool = new pg.Pool({ connectionString: db.url, max: POOL });
  pool.on('error', () => undefined);

  // --- The servers ---
  const hello = await startHello();
  const server = await startCoreProcess(
    {
      DATABASE_URL: db.url,
      JWT_SECRET: SECRET,
      DATABASE_POOL_SIZE: String(POOL),
      WORKERS,
      GAME_TICK_MS: '0',
      NODE_ENV: 'production',
      // Offline: production's default beacon is drand, which the benchmark does not measure.
      GAME_BEACON: 'local',
      LOG_LEVEL: 'silent',
    },
    [...CORE_FLAGS, ...(process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [])],
    CORE_ENTRY,
  );
  const serverPid = server.child.pid as number;
  /**
   * BENCH_BASELINE_CORE=apps/core/dist/old.mjs (a bundle built from the code before a change): a second
   * server, bet against in turns with the first, so that old and new meet the same machine load.
   */
  const baseline = process.env.BENCH_BASELINE_CORE
    ? await startCoreProcess(
        {
          DATABASE_URL: db.url,
          JWT_SECRET: SECRET,
          DATABASE_POOL_SIZE: String(POOL),
          WORKERS,
          GAME_TICK_MS: '0',
          NODE_ENV: 'production',
          // Offline: production's default beacon is drand, which the benchmark does not measure.
          GAME_BEACON: 'local',
          LOG_LEVEL: 'silent',
        },
        BASELINE_FLAGS,
        [process.env.BENCH_BASELINE_CORE],
      )
    : undefined;
  const baselineBets: (Load & { cpuMsPerRequest?: number; postgresMsPerRequest?: number })[] = [];
  const baselineUserInfo: (Load & { cpuMsPerRequest?: number; postgresMsPerRequest?: number })[] = [];
  const base = `${server.url}/core`;
  const idleRssMb = rssMb(serverPid);
  const body = new URLSearchParams({
    gameSessionId: String(sessionId),
    betName: 'Big',
    baseAmount: '10',
    betMultiples: '1',
    totalBetAmount: '10.00',
    coin: 'CHIP',
  }).toString();

  const runs: Record<string, (Load & { cpuMsPerRequest?: number; postgresMsPerRequest?: number })[]> = {
    hello: [],
    levels: [],
    session: [],
    userInfo: [],
    bets: [],
  };
  const bare: Awaited<ReturnType<typeof measure>>[] = [];
  /** place_bet itself called like the bare function: what the SQL costs us, without HTTP and Node. */
  const direct: Awaited<ReturnType<typeof measure>>[] = [];
  const barePgMs: number[] = [];
  const directPgMs: number[] = [];
  let betsAnswered = 0;
  for (let run = 0; run < RUNS; run++) {
    if (CASES.has('hello')) runs.hello?.push(await load({ url: hello.url, connections: CONNECTIONS }));
    if (CASES.has('levels'))
      runs.levels?.push(
        await withCpu(serverPid, () => load({ url: `${base}/app/game/luckyLottery/getLevelList`, connections: CONNECTIONS })),
      );
    // The game screen's read of its room's open session (the bench's room 8: one day-long session).
    if (CASES.has('session'))
      runs.session?.push(
        await withCpu(serverPid, () => load({ url: `${base}/app/game/luckyLottery/getSession?level=8`, connections: CONNECTIONS })),
      );
    if (CASES.has('userInfo')) {
      // With a baseline server, the two take turns here too (the same users, tokens and rows).
      const turns = baseline ? (run % 2 === 0 ? [false, true] : [true, false]) : [false];
      for (const isBaseline of turns) {
        const pid = isBaseline ? (baseline?.child.pid as number) : serverPid;
        const url = `${isBaseline ? `${baseline?.url}/core` : base}/app/user/getUserInfo`;
        const measured = await withCpu(pid, () => load({ url, connections: CONNECTIONS, tokens: tokenOf }));
        (isBaseline ? baselineUserInfo : runs.userInfo)?.push(measured);
      }
    }
    if (CASES.has('bets')) {
      // With a baseline server, the two take turns (the order alternating run by run): same load, same minute.
      const turns = baseline ? (run % 2 === 0 ? [false, true] : [true, false]) : [false];
      for (const isBaseline of turns) {
        const pid = isBaseline ? (baseline?.child.pid as number) : serverPid;
        const before = cpuTicks(pid);
        const pgBefore = await postgresTicks();
        const bets = await load({
          url: `${isBaseline ? `${baseline?.url}/core` : base}/app/game/luckyLottery/betting`,
          connections: CONNECTIONS,
          method: 'POST',
          body,
          tokens: tokenOf,
          idempotency: true,
          run: isBaseline ? `rb${run}` : `r${run}`,
        });
        const cpuMs = ((cpuTicks(pid) - before) * 1000) / CLOCK_TICKS_PER_SECOND;
        const pgMs = ((await postgresTicksSince(pgBefore)) * 1000) / CLOCK_TICKS_PER_SECOND;
        betsAnswered += bets.okEnvelopes;
        (isBaseline ? baselineBets : runs.bets)?.push({
          ...bets,
          cpuMsPerRequest: Math.round((cpuMs / Math.max(1, bets.okEnvelopes)) * 100) / 100,
          postgresMsPerRequest: Math.round((pgMs / Math.max(1, bets.okEnvelopes)) * 100) / 100,
        });
      }
    }
    if (CASES.has('bare')) {
      const pgBareBefore = await postgresTicks();
      bare.push(
        await measure(CONNECTIONS, SECONDS, async (worker, i) => {
          const userId = userIds[worker % userIds.length] as number;
          const key = `bare-${run}-${worker}-${i}`;
          // The server's house shard is chosen by hashing the bet's reference; here by the key.
          await pool.query({
            name: 'bare_bet',
            text: 'select bare_bet($1, $2, $3, $4, $5) as id',
            values: [userId, (worker * 7 + i) % SYSTEM_SHARDS, sessionId, key, new Date().toISOString()],
          });
        }),
      );
      barePgMs.push(((await postgresTicksSince(pgBareBefore)) * 1000) / CLOCK_TICKS_PER_SECOND / Math.max(1, bare.at(-1)?.operations ?? 1));
    }
    if (CASES.has('direct')) {
      const pgDirectBefore = await postgresTicks();
      direct.push(
        await measure(CONNECTIONS, SECONDS, async (worker, i) => {
          const userId = userIds[worker % userIds.length] as number;
          const key = `direct-${run}-${worker}-${i}`;
          await pool.query({
            name: 'direct_bet',
            text: `select place_bet($1, $2, 'Big', 1000, 1, 1000, 'CHIP', $3, $4, 200, $5, $6, 'betting', 'direct') as answer`,
            values: [userId, sessionId, key.slice(-12), (worker * 7 + i) % SYSTEM_SHARDS, new Date().toISOString(), key],
          });
        }),
      );
      directPgMs.push(
        ((await postgresTicksSince(pgDirectBefore)) * 1000) / CLOCK_TICKS_PER_SECOND / Math.max(1, direct.at(-1)?.operations ?? 1),
      );
    }
  }
  const peakRssMb = rssMb(serverPid);
  await server.stop();
  await baseline?.stop();
  hello.child.kill('SIGTERM');
  await pool.end();

  const [stored] = await queryRows<{ bets: number }>(
    db.db,
    // The HTTP bets' keys are r<run>-… (autocannon.mjs); the bare and direct ones are named otherwise.
    sql`select count(*)::int as bets from idempotency_keys where key like 'r%'`,
  );
  const summary = (rows: (Load & { cpuMsPerRequest?: number; postgresMsPerRequest?: number })[]) => ({
    perSecond: { min: min(rows.map((r) => r.perSecond)), median: median(rows.map((r) => r.perSecond)) },
    ...(rows[0]?.cpuMsPerRequest === undefined
      ? {}
      : {
          cpuMsPerRequest: { median: median(rows.map((r) => r.cpuMsPerRequest ?? 0)) },
          postgresCpuMsPerRequest: { median: median(rows.map((r) => r.postgresMsPerRequest ?? 0)) },
        }),
    p50: { median: median(rows.map((r) => r.p50)), max: max(rows.map((r) => r.p50)) },
    p99: { median: median(rows.map((r) => r.p99)), max: max(rows.map((r) => r.p99)) },
    refused: rows.reduce((n, r) => n + (r.requests - r.okEnvelopes), 0),
    ...(rows.find((r) => r.firstRefusal) ? { firstRefusal: rows.find((r) => r.firstRefusal)?.firstRefusal } : {}),
  });
  const helloMedian = median(runs.hello?.map((r) => r.perSecond) ?? []);
  const betsMedian = median(runs.bets?.map((r) => r.perSecond) ?? []);
  const bareMedian = median(bare.map((r) => r.perSecond));
  out.workers = WORKERS;
  out.hello = summary(runs.hello ?? []);
  out.getLevelList = summary(runs.levels ?? []);
  out.getSession = summary(runs.session ?? []);
  out.getUserInfo = summary(runs.userInfo ?? []);
  out.bets = {
    ...summary(runs.bets ?? []),
    cpuMsPerBet: {
      min: min(runs.bets?.map((r) => r.cpuMsPerRequest ?? 0) ?? []),
      median: median(runs.bets?.map((r) => r.cpuMsPerRequest ?? 0) ?? []),
    },
    postgresCpuMsPerBet: { median: median(runs.bets?.map((r) => r.postgresMsPerRequest ?? 0) ?? []) },
    answeredOk: betsAnswered,
    storedRows: stored?.bets,
  };
  if (baseline) {
    const cpu = (rows: typeof baselineBets) => median(rows.map((r) => r.cpuMsPerRequest ?? 0));
    out.baselineBets = {
      core: process.env.BENCH_BASELINE_CORE,
      flags: BASELINE_FLAGS.join(' '),
      ...summary(baselineBets),
      cpuMsPerBet: { min: min(baselineBets.map((r) => r.cpuMsPerRequest ?? 0)), median: cpu(baselineBets) },
      perRun: baselineBets.map((r, i) => ({
        baseline: { perSecond: r.perSecond, p99: r.p99, cpuMsPerBet: r.cpuMsPerRequest },
        ours: { perSecond: runs.bets?.[i]?.perSecond, p99: runs.bets?.[i]?.p99, cpuMsPerBet: runs.bets?.[i]?.cpuMsPerRequest },
      })),
    };
    if (baselineUserInfo.length)
      out.baselineUserInfo = {
        ...summary(baselineUserInfo),
        perRun: baselineUserInfo.map((r, i) => ({
          baseline: { perSecond: r.perSecond, cpuMs: r.cpuMsPerRequest, postgresMs: r.postgresMsPerRequest },
          ours: {
            perSecond: runs.userInfo?.[i]?.perSecond,
            cpuMs: runs.userInfo?.[i]?.cpuMsPerRequest,
            postgresMs: runs.userInfo?.[i]?.postgresMsPerRequest,
          },
        })),
      };
    out.oursToBaseline = {
      perSecond: (betsMedian / Math.max(1, median(baselineBets.map((r) => r.perSecond)))).toFixed(2),
      cpuMsPerBet: (cpu(runs.bets ?? []) / Math.max(0.01, cpu(baselineBets))).toFixed(2),
    };
  }
  out.bareSql = {
    perSecond: { min: min(bare.map((r) => r.perSecond)), median: bareMedian },
    p50: { median: median(bare.map((r) => r.p50)) },
    p99: { median: median(bare.map((r) => r.p99)) },
    postgresCpuMsPerBet: { median: Math.round(median(barePgMs) * 100) / 100 },
    failures: bare.reduce((n, r) => n + r.failures, 0),
    ...(bare.find((r) => r.firstError) ? { firstError: bare.find((r) => r.firstError)?.firstError } : {}),
  };
  out.placeBetSql = {
    perSecond: { min: min(direct.map((r) => r.perSecond)), median: median(direct.map((r) => r.perSecond)) },
    p50: { median: median(direct.map((r) => r.p50)) },
    p99: { median: median(direct.map((r) => r.p99)) },
    postgresCpuMsPerBet: { median: Math.round(median(directPgMs) * 100) / 100 },
    failures: direct.reduce((n, r) => n + r.failures, 0),
    ...(direct.find((r) => r.firstError) ? { firstError: direct.find((r) => r.firstError)?.firstError } : {}),
  };
  out.ratios = {
    betsToBare: (betsMedian / Math.max(1, bareMedian)).toFixed(2),
    betsToHello: (betsMedian / Math.max(1, helloMedian)).toFixed(2),
    getLevelListToHello: (median(runs.levels?.map((r) => r.perSecond) ?? []) / Math.max(1, helloMedian)).toFixed(2),
    getSessionToHello: (median(runs.session?.map((r) => r.perSecond) ?? []) / Math.max(1, helloMedian)).toFixed(2),
    getUserInfoToHello: (median(runs.userInfo?.map((r) => r.perSecond) ?? []) / Math.max(1, helloMedian)).toFixed(2),
  };
  out.serverRssMb = { idle: idleRssMb, afterLoad: peakRssMb };
  out.ledgerCheck = (await checkLedgerAndBets(db.db)).ok;
  console.log(JSON.stringify(out, null, 2));
} finally {
  await db.drop();
}
