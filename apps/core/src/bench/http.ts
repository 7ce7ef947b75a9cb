import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { defaultPoolSize } from '../config';
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
import { seedHistory } from './history';
import {
  BARE_BATCH_FUNCTION,
  BARE_FUNCTION,
  benchBetBody,
  freshDatabase,
  insertBenchRoom,
  machine,
  measure,
  seedFundedPlayers,
  startFlagsOnPostgres,
} from './support';

/**
 * `npm run bench -- http`: in one run, side by side, with the load from a separate process
 * (autocannon, bench/load/autocannon.mjs) and each server in its own:
 * - the product exactly as `npm start` runs it: scripts/start.mjs itself (the core bundle under
 *   plain node with its V8 flags and malloc arenas, logging at the configuration's default level
 *   to a pipe that this process drains), SKIP_WEB=true;
 * - an Express 5 hello-world (bench/load/hello.mjs), as Express makes its server and on a server made
 *   as the product's (requests born with the app's prototypes, http/appClasses.ts): ratios to both;
 * - the bare baseline over HTTP (bench/load/bareBet.ts): a tight Express handler that
 *   authenticates, parses the form and calls the project's bare bet function (bench/support.ts),
 *   its waiting bets placed together as the product's are (bare_bets; BENCH_BARE_BATCH=0: each alone),
 *   under the same V8 flags; it validates less than the product, so it is a floor;
 * - the bare function and place_bet called straight through node-postgres (a pool of the product's size): the SQL alone.
 * Three reads (the rooms, the open session and user info, over a seeded history of 55,000 bets:
 * history.ts) and bets with Idempotency-Keys, each with the CPU per answered request of the server
 * process and of the PostgreSQL backends (utime+stime from /proc). Each case runs BENCH_RUNS times
 * (3), the cases interleaved within a run; min and median are printed.
 */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** Connections: the product's own default for this machine (config.ts defaultPoolSize), for it and the baselines alike. */
const POOL = process.env.BENCH_POOL ? Number(process.env.BENCH_POOL) : defaultPoolSize();
const WORKERS = process.env.BENCH_WORKERS ?? '1';
/** BENCH_CASES=bets,bareHttp,...: only these cases (hello, levels, session, userInfo, bets, bareHttp, bare, direct), e.g. for a profile. */
const CASES = new Set((process.env.BENCH_CASES ?? 'hello,levels,session,userInfo,bets,bareHttp,bare,direct').split(','));
/** The three reads: their case name, their route under /core, and whether a player's token is sent. */
type ReadCase = 'levels' | 'session' | 'userInfo';
const READS: [ReadCase, string, boolean][] = [
  ['levels', '/app/game/luckyLottery/getLevelList', false],
  // The game screen's read of its room's open session (the bench's room 8: one day-long session).
  ['session', '/app/game/luckyLottery/getSession?level=8', false],
  ['userInfo', '/app/user/getUserInfo', true],
];
const READ_NAMES: Record<ReadCase, string> = { levels: 'getLevelList', session: 'getSession', userInfo: 'getUserInfo' };
/**
 * BENCH_CORE=apps/core/.tmp/main.mjs: run that bundle with plain node and BENCH_CORE_FLAGS instead of
 * `npm start` (an experiment, e.g. a profile with --cpu-prof; the figures are then not `npm start`'s).
 */
const CORE_BUNDLE = process.env.BENCH_CORE;
/** Node flags for an experiment's core (BENCH_CORE) and for the baseline, e.g. BENCH_CORE_FLAGS='--max-semi-space-size=1'. */
const flagsOf = (value: string | undefined): string[] => (value ? value.split(/\s+/).filter(Boolean) : []);
const CORE_FLAGS = flagsOf(process.env.BENCH_CORE_FLAGS);
const BASELINE_FLAGS = flagsOf(process.env.BENCH_BASELINE_FLAGS);
/** The V8 flags scripts/start.mjs passes on PostgreSQL, so that the bare baseline runs under the same. */
const START_FLAGS = startFlagsOnPostgres();
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

/** A load with the CPU per answered request of the server and of PostgreSQL (ms). */
type Measured = Load & { cpuMsPerRequest?: number; postgresMsPerRequest?: number };

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

/** The Express hello-world (bench/load/hello.mjs); `born`: on a server made as the product's (http/appClasses.ts). */
async function startHello(born = false): Promise<{ url: string; child: ChildProcess }> {
  const child = tracked(
    spawn(process.execPath, [...(born ? ['--import', 'tsx'] : []), path.join(here, 'load/hello.mjs')], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, ...(born ? { HELLO_BORN: '1' } : {}) },
    }),
  );
  const port = await new Promise<number>((resolve) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      const match = /listening (\d+)/.exec(chunk.toString());
      if (match) resolve(Number(match[1]));
    });
  });
  return { url: `http://127.0.0.1:${port}/hello`, child };
}

interface Started {
  url: string;
  child: ChildProcess;
  /** The process that serves (start.mjs runs the core as its child): for RSS. */
  servingPid: number;
  stop(): Promise<void>;
}

/**
 * Every server this bench spawned, killed when the bench exits however it exits: a server that failed
 * to start (or a load that threw) used to leave the ones started before it running.
 */
const spawned = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of spawned) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
});

/** Remembers a spawned server so that the bench's exit stops it. */
function tracked(child: ChildProcess): ChildProcess {
  spawned.add(child);
  child.once('exit', () => spawned.delete(child));
  return child;
}

/**
 * Starts `node <args>` (scripts/start.mjs, or a bundle) as the server under test, with the benchmark's
 * environment and the configuration's default log level (LOG_LEVEL unset, BENCH_LOG_LEVEL to change it).
 * Its output goes to a pipe this process drains, as a supervisor's would.
 */
async function startServer(args: string[], env: Record<string, string>): Promise<Started> {
  const { LOG_LEVEL: _unset, ...inherited } = process.env;
  const child = tracked(
    spawn(process.execPath, args, {
      env: { ...inherited, ...(process.env.BENCH_LOG_LEVEL ? { LOG_LEVEL: process.env.BENCH_LOG_LEVEL } : {}), ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  );
  let head = '';
  const port = await new Promise<number>((resolve, reject) => {
    const keep = (chunk: Buffer) => {
      head = (head + chunk.toString()).slice(-16_000);
      const match = /Prism is running at http:\/\/[^\s:]+:(\d+)/.exec(head);
      if (!match) return;
      child.stdout?.off('data', keep);
      // From now on the logs are read and dropped: the pipe must not fill up and stall the server.
      child.stdout?.resume();
      resolve(Number(match[1]));
    };
    child.stdout?.on('data', keep);
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited ${code}: ${head}`)));
  });
  const children = readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    servingPid: Number(children.split(/\s+/)[0]) || (child.pid as number),
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The bare baseline over HTTP (load/bareBet.ts) under npm start's V8 flags. */
async function startBareHttp(url: string): Promise<{ url: string; child: ChildProcess }> {
  const child = tracked(
    spawn(process.execPath, [...START_FLAGS, '--import', 'tsx', path.join(here, 'load/bareBet.ts')], {
      env: {
        ...process.env,
        MALLOC_ARENA_MAX: '2',
        BARE_DATABASE_URL: url,
        BARE_SECRET: SECRET,
        BARE_POOL: String(POOL),
        BARE_BATCH: process.env.BENCH_BARE_BATCH ?? '1',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  );
  const port = await new Promise<number>((resolve) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      const match = /listening (\d+)/.exec(chunk.toString());
      if (match) resolve(Number(match[1]));
    });
  });
  return { url: `http://127.0.0.1:${port}/bet`, child };
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
  // Microseconds kept: a read costs about 0.1 ms, and a change of a few percent must show.
  const perRequest = (ticks: number) =>
    Math.round(((ticks * 1000) / CLOCK_TICKS_PER_SECOND / Math.max(1, result.okEnvelopes)) * 1000) / 1000;
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
  server: CORE_BUNDLE
    ? `node ${[...CORE_FLAGS, CORE_BUNDLE].join(' ')}`
    : `npm start (node ${[...START_FLAGS, 'apps/core/dist/main.mjs'].join(' ')})`,
  logLevel: process.env.BENCH_LOG_LEVEL ?? 'the default',
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
  await db.db.execute(sql.raw(BARE_BATCH_FUNCTION));
  const pool = new pg.Pool({ connectionString: db.url, max: POOL });
  pool.on('error', () => undefined);

  // --- The servers ---
  const hello = await startHello();
  const helloBorn = await startHello(true);
  const bareHttp = CASES.has('bareHttp') ? await startBareHttp(db.url) : undefined;
  const serverEnv = {
    DATABASE_URL: db.url,
    JWT_SECRET: SECRET,
    DATABASE_POOL_SIZE: String(POOL),
    WORKERS,
    GAME_TICK_MS: '0',
    NODE_ENV: 'production',
    // Offline: production's default beacon is drand, which the benchmark does not measure.
    GAME_BEACON: 'local',
    SKIP_WEB: 'true',
    HOST: '127.0.0.1',
    PORT: '0',
  };
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  const server = await startServer(
    CORE_BUNDLE ? [...CORE_FLAGS, ...profile, CORE_BUNDLE] : ['scripts/start.mjs'],
    CORE_BUNDLE ? { ...serverEnv, MALLOC_ARENA_MAX: '2' } : serverEnv,
  );
  // start.mjs and the core below it: their CPU together (the wrapper's is nil under load).
  const serverPid = server.child.pid as number;
  /**
   * BENCH_BASELINE_CORE=apps/core/.tmp/main.mjs (a bundle built from the code before a change; or the
   * same bundle with other BENCH_BASELINE_FLAGS): a second server, run as start.mjs runs its core,
   * bet against in turns with the first, so that old and new meet the same machine load.
   */
  const baseline = process.env.BENCH_BASELINE_CORE
    ? await startServer([...BASELINE_FLAGS, process.env.BENCH_BASELINE_CORE], { ...serverEnv, MALLOC_ARENA_MAX: '2' })
    : undefined;
  const baselineBets: Measured[] = [];
  const baselineReads: Record<ReadCase, Measured[]> = { levels: [], session: [], userInfo: [] };
  const base = `${server.url}/core`;
  const idleRssMb = rssMb(server.servingPid);
  const baselineIdleRssMb = baseline ? rssMb(baseline.servingPid) : undefined;
  const startedAt = performance.now();
  /**
   * RSS 30 s after the start, before the first request (the hello-world cases run in between): the
   * reading at once still holds the start's garbage, which V8 gives back within about 30 s, more so
   * with larger semi-spaces (docs/performance.md, "V8 flags").
   */
  let settledRssMb: { ours: number; baseline?: number } | undefined;
  const readSettledRss = async () => {
    if (settledRssMb) return;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 30_000 - (performance.now() - startedAt))));
    settledRssMb = { ours: rssMb(server.servingPid), ...(baseline ? { baseline: rssMb(baseline.servingPid) } : {}) };
  };
  const body = benchBetBody(sessionId);

  const runs: Record<string, Measured[]> = {
    hello: [],
    helloBorn: [],
    levels: [],
    session: [],
    userInfo: [],
    bets: [],
    bareHttp: [],
  };
  const bare: Awaited<ReturnType<typeof measure>>[] = [];
  /** place_bet itself called like the bare function: what the SQL costs us, without HTTP and Node. */
  const direct: Awaited<ReturnType<typeof measure>>[] = [];
  const barePgMs: number[] = [];
  const directPgMs: number[] = [];
  let betsAnswered = 0;
  for (let run = 0; run < RUNS; run++) {
    if (CASES.has('hello')) {
      runs.hello?.push(await load({ url: hello.url, connections: CONNECTIONS }));
      runs.helloBorn?.push(await load({ url: helloBorn.url, connections: CONNECTIONS }));
    }
    await readSettledRss();
    for (const [name, route, signedIn] of READS) {
      if (!CASES.has(name)) continue;
      // With a baseline server, the two take turns (the order alternating run by run): same load, same minute.
      const turns = baseline ? (run % 2 === 0 ? [false, true] : [true, false]) : [false];
      for (const isBaseline of turns) {
        const pid = isBaseline ? (baseline?.child.pid as number) : serverPid;
        const url = `${isBaseline ? `${baseline?.url}/core` : base}${route}`;
        const measured = await withCpu(pid, () => load({ url, connections: CONNECTIONS, ...(signedIn ? { tokens: tokenOf } : {}) }));
        (isBaseline ? baselineReads[name] : runs[name])?.push(measured);
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
    if (bareHttp) {
      const before = cpuTicks(bareHttp.child.pid as number);
      const pgBefore = await postgresTicks();
      const bets = await load({
        url: bareHttp.url,
        connections: CONNECTIONS,
        method: 'POST',
        body,
        tokens: tokenOf,
        idempotency: true,
        run: `bh${run}`,
      });
      const perBet = (ticks: number) => Math.round(((ticks * 1000) / CLOCK_TICKS_PER_SECOND / Math.max(1, bets.okEnvelopes)) * 100) / 100;
      runs.bareHttp?.push({
        ...bets,
        cpuMsPerRequest: perBet(cpuTicks(bareHttp.child.pid as number) - before),
        postgresMsPerRequest: perBet(await postgresTicksSince(pgBefore)),
      });
    }
    const bareRun = async () => {
      if (!CASES.has('bare')) return;
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
    };
    const directRun = async () => {
      if (!CASES.has('direct')) return;
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
    };
    // Taking turns in which goes first, so that neither always meets the tables the other grew.
    for (const step of run % 2 ? [directRun, bareRun] : [bareRun, directRun]) await step();
  }
  const peakRssMb = rssMb(server.servingPid);
  const baselinePeakRssMb = baseline ? rssMb(baseline.servingPid) : undefined;
  await server.stop();
  await baseline?.stop();
  hello.child.kill('SIGTERM');
  helloBorn.child.kill('SIGTERM');
  bareHttp?.child.kill('SIGTERM');
  await pool.end();

  const [stored] = await queryRows<{ bets: number }>(
    db.db,
    // The HTTP bets' keys are r<run>-… (autocannon.mjs); the bare and direct ones are named otherwise.
    sql`select count(*)::int as bets from idempotency_keys where key like 'r%'`,
  );
  const summary = (rows: Measured[]) => ({
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
  const betsMedian = median(runs.bets?.map((r) => r.perSecond) ?? []);
  const bareMedian = median(bare.map((r) => r.perSecond));
  out.workers = WORKERS;
  out.hello = summary(runs.hello ?? []);
  out.helloBorn = summary(runs.helloBorn ?? []);
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
  if (runs.bareHttp?.length) {
    const cpuOf = (rows: typeof baselineBets, of: 'cpuMsPerRequest' | 'postgresMsPerRequest') => median(rows.map((r) => r[of] ?? 0));
    out.bareHttp = {
      ...summary(runs.bareHttp),
      // Per run, beside the product's bets of the same run: Node and PostgreSQL CPU per bet (ms).
      perRun: runs.bareHttp.map((r, i) => ({
        bare: { perSecond: r.perSecond, nodeMs: r.cpuMsPerRequest, postgresMs: r.postgresMsPerRequest },
        ours: {
          perSecond: runs.bets?.[i]?.perSecond,
          nodeMs: runs.bets?.[i]?.cpuMsPerRequest,
          postgresMs: runs.bets?.[i]?.postgresMsPerRequest,
        },
      })),
    };
    out.oursToBareHttp = {
      perSecond: (betsMedian / Math.max(1, median(runs.bareHttp.map((r) => r.perSecond)))).toFixed(2),
      nodeCpuPerBet: (cpuOf(runs.bets ?? [], 'cpuMsPerRequest') / Math.max(0.01, cpuOf(runs.bareHttp, 'cpuMsPerRequest'))).toFixed(2),
      postgresCpuPerBet: (
        cpuOf(runs.bets ?? [], 'postgresMsPerRequest') / Math.max(0.01, cpuOf(runs.bareHttp, 'postgresMsPerRequest'))
      ).toFixed(2),
    };
  }
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
    for (const [name] of READS) {
      const rows = baselineReads[name];
      if (!rows.length) continue;
      out[`baseline_${READ_NAMES[name]}`] = {
        ...summary(rows),
        // Per run, ours / the baseline's: what a change did, each pair in the same minute.
        perRun: rows.map((r, i) => {
          const ours = runs[name]?.[i];
          const ratio = (a?: number, b?: number) => (a && b ? Math.round((a / b) * 1000) / 1000 : undefined);
          return {
            baseline: { perSecond: r.perSecond, cpuMs: r.cpuMsPerRequest, postgresMs: r.postgresMsPerRequest },
            ours: { perSecond: ours?.perSecond, cpuMs: ours?.cpuMsPerRequest, postgresMs: ours?.postgresMsPerRequest },
            oursToBaseline: { perSecond: ratio(ours?.perSecond, r.perSecond), cpuMs: ratio(ours?.cpuMsPerRequest, r.cpuMsPerRequest) },
          };
        }),
      };
    }
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
  const directToBare = directPgMs.map((ms, run) => ms / Math.max(1e-9, barePgMs[run] ?? 0));
  out.placeBetSql = {
    perSecond: { min: min(direct.map((r) => r.perSecond)), median: median(direct.map((r) => r.perSecond)) },
    p50: { median: median(direct.map((r) => r.p50)) },
    p99: { median: median(direct.map((r) => r.p99)) },
    postgresCpuMsPerBet: { median: Math.round(median(directPgMs) * 100) / 100 },
    // Issue 29's place_bet figure as production pays it (each bet its own commit, 50 connections):
    // per run against the bare function's run beside it, to three places (the two-place medians
    // above cannot tell 1.12 from 1.18).
    toBarePerRun: directToBare.map((ratio) => Math.round(ratio * 1000) / 1000),
    toBare: Math.round(median(directToBare) * 1000) / 1000,
    failures: direct.reduce((n, r) => n + r.failures, 0),
    ...(direct.find((r) => r.firstError) ? { firstError: direct.find((r) => r.firstError)?.firstError } : {}),
  };
  // To the Express hello-world as Express makes it (the issue's yardstick) and to the same app on a
  // server made as ours (http/appClasses.ts): the strongest hello-world, so the honest ratio.
  const toHello = (rows: Measured[] | undefined, hello: Measured[] | undefined) =>
    (median(rows?.map((r) => r.perSecond) ?? []) / Math.max(1, median(hello?.map((r) => r.perSecond) ?? []))).toFixed(2);
  const helloRatios = (hello: Measured[] | undefined) => ({
    bets: toHello(runs.bets, hello),
    bareHttp: toHello(runs.bareHttp, hello),
    getLevelList: toHello(runs.levels, hello),
    getSession: toHello(runs.session, hello),
    getUserInfo: toHello(runs.userInfo, hello),
  });
  out.ratios = {
    betsToBare: (betsMedian / Math.max(1, bareMedian)).toFixed(2),
    toHello: helloRatios(runs.hello),
    toHelloBorn: helloRatios(runs.helloBorn),
  };
  out.serverRssMb = { idle: idleRssMb, idleAfter30s: settledRssMb?.ours, afterLoad: peakRssMb };
  if (baseline) out.baselineRssMb = { idle: baselineIdleRssMb, idleAfter30s: settledRssMb?.baseline, afterLoad: baselinePeakRssMb };
  out.ledgerCheck = (await checkLedgerAndBets(db.db)).ok;
  console.log(JSON.stringify(out, null, 2));
} finally {
  await db.drop();
}
