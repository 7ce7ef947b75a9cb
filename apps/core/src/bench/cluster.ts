import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { stopOnExit } from '../../../../scripts/cluster/cleanup';
import { startCore } from '../../../../scripts/cluster/core.mjs';
import { startHaproxy } from '../../../../scripts/cluster/haproxy.mjs';
import { PG_BIN, psql, waitFor } from '../../../../scripts/cluster/proc.mjs';
import { urlsOf, writeState } from '../../../../scripts/cluster/state.mjs';
import { start, stop } from '../../../../scripts/cluster/topology.mjs';
import type { ClusterState } from '../../../../scripts/cluster/types.d.mts';
import { type DatabaseHandle, openDatabase, queryRows } from '../db/client';
import { openSession } from '../modules/auth/sessions';
import { createLocalBeacon } from '../modules/game/beacon';
import { loadRoom } from '../modules/game/rooms';
import { ensureCurrentSession } from '../modules/game/sessions';
import { SYSTEM_SHARDS } from '../modules/ledger/ledger';
import { systemClock } from '../platform/clock';
import { cryptoRandom } from '../platform/random';
import { createTokenService } from '../platform/tokens';
import { benchBetBody, insertBenchRoom, machine, seedFundedPlayers } from './support';

/**
 * `npm run bench -- cluster`: the reference deployment (scripts/cluster, base port 55300) measured
 * layer by layer in one run, side by side, the load from a separate process (bench/load/measured.mjs
 * around autocannon.mjs, bets with tokens and Idempotency-Keys as in bench/http.ts):
 *  - bets through HAProxy over 1, 2 and 3 core processes (PgBouncer, synchronous replica on);
 *  - 1 core process through PgBouncer (unnamed statements) vs straight to the primary (named);
 *  - 3 core processes with the synchronous standby named vs synchronous_standby_names = '';
 *  - lag-tolerant reads (the bet records page's two statements, via pgbench) on the primary vs the replica;
 *  - CPU per operation by process kind, from /proc utime+stime deltas over the measured window only.
 * Each case has a warm-up (BENCH_WARMUP s, 4) excluded from the figures and a measured window
 * (BENCH_SECONDS, 8); BENCH_ROUNDS (2) rounds over all cases, medians shown. Everything it started is stopped, on failure and on Ctrl-C too.
 */
const BASE = Number(process.env.BENCH_CLUSTER_BASE_PORT ?? 55300);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 4);
/** Rounds over all the cases (BENCH_ROUNDS, 2); the table shows each case's median. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const TICK_MS = 10;
const here = path.dirname(fileURLToPath(import.meta.url));

/** The processes whose CPU is counted, by kind; each a root pid whose whole tree is summed. */
type Kind = 'core' | 'pgPrimary' | 'walsender' | 'replica' | 'pgbouncer' | 'haproxy';
const KINDS: Kind[] = ['core', 'pgPrimary', 'walsender', 'replica', 'pgbouncer', 'haproxy'];

interface Load {
  requests: number;
  perSecond: number;
  okEnvelopes: number;
  p50: number;
  p99: number;
  errors: number;
  firstRefusal?: string;
  loadCpuMs: number;
}

interface Row {
  name: string;
  perSecond: number;
  p50: number;
  p99: number;
  refused: number;
  cpuMs: Record<Kind | 'load', number>;
}

/** A process and its descendants, with their command lines (PostgreSQL's children name their role). */
function tree(pid: number): { pid: number; cmd: string }[] {
  try {
    const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    const out = [{ pid, cmd }];
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      for (const child of children ? children.split(' ') : []) out.push(...tree(Number(child)));
    }
    return out;
  } catch {
    // Gone between listing and reading: nothing more to count.
    return [];
  }
}

/**
 * utime + stime, plus cutime + cstime: the time of children that ended and were waited for. A
 * PostgreSQL backend that served a pgbench connection ends before the window's last snapshot; its
 * time then shows in the postmaster's cutime (a live child's time is counted by the child itself).
 */
function ticksOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  } catch {
    return 0;
  }
}

/** Ticks per pid, by kind: the walsender (streaming to the replica) apart from the primary's other processes. */
function snapshot(roots: Record<Kind, number[]>): Map<string, number> {
  const ticks = new Map<string, number>();
  for (const kind of KINDS)
    for (const root of roots[kind])
      for (const { pid, cmd } of tree(root)) {
        const actual = kind === 'pgPrimary' && cmd.includes('walsender') ? 'walsender' : kind;
        if (kind === 'walsender') continue;
        ticks.set(`${actual}:${pid}`, ticksOf(pid));
      }
  return ticks;
}

/**
 * CPU ms by kind between two snapshots: the sum after minus the sum before, per kind. A process that
 * ended in between is gone from the second sum, and its whole time (before and during) is in its
 * parent's cutime instead: subtracting per pid would count its time before the window twice (a core's
 * pooled backend closed while idle during the next case would charge that case with the previous one).
 */
function spent(before: Map<string, number>, after: Map<string, number>): Record<Kind, number> {
  const out = Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<Kind, number>;
  for (const [key, now] of after) out[key.split(':')[0] as Kind] += now * TICK_MS;
  for (const [key, then] of before) out[key.split(':')[0] as Kind] -= then * TICK_MS;
  return out;
}

/** autocannon in its own process (bench/load/measured.mjs): its result and its own CPU time. */
function load(spec: Record<string, unknown>): Promise<Load> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(here, 'load/measured.mjs'), JSON.stringify(spec)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited ${code}`));
      const [result, cpu] = out
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      resolve({ ...result, ...cpu } as Load);
    });
  });
}

const round2 = (n: number) => Math.round(n * 100) / 100;
let cases = 0;

/** One bet case: a warm-up, then the measured window with the CPU of every process kind. */
async function betCase(name: string, url: string, roots: Record<Kind, number[]>, bet: { body: string; tokens: string[] }) {
  const spec = { url, connections: CONNECTIONS, method: 'POST', body: bet.body, tokens: bet.tokens, idempotency: true };
  // Keys unique per case (the key allows letters, digits and dashes only).
  const id = ++cases;
  await load({ ...spec, seconds: WARMUP, run: `w${id}` });
  const before = snapshot(roots);
  const result = await load({ ...spec, seconds: SECONDS, run: `m${id}` });
  const cpu = spent(before, snapshot(roots));
  const per = (ms: number) => round2(ms / Math.max(1, result.okEnvelopes));
  const row: Row = {
    name,
    perSecond: Math.round(result.okEnvelopes / SECONDS),
    p50: result.p50,
    p99: result.p99,
    refused: result.requests - result.okEnvelopes,
    cpuMs: { ...(Object.fromEntries(KINDS.map((k) => [k, per(cpu[k])])) as Record<Kind, number>), load: per(result.loadCpuMs) },
  };
  if (result.firstRefusal) console.error(`${name}: first refusal ${result.firstRefusal}`);
  console.error(`${name}: ${JSON.stringify(row)}`);
  return row;
}

/** pgbench with the bet records page's two statements (a lag-tolerant read) against one server. */
function pgbench(port: number, script: string, seconds: number): { tps: number; latencyMs: number } {
  const args = ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-n', '-M', 'prepared'];
  const result = spawnSync(`${PG_BIN}/pgbench`, [...args, '-c', '8', '-j', '2', '-T', String(seconds), '-f', script, 'prism'], {
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`pgbench failed: ${result.stderr}`);
  const tps = Number(/tps = ([\d.]+)/.exec(result.stdout)?.[1] ?? 0);
  const latencyMs = Number(/latency average = ([\d.]+) ms/.exec(result.stdout)?.[1] ?? 0);
  return { tps, latencyMs };
}

async function readCase(name: string, port: number, roots: Record<Kind, number[]>, script: string): Promise<Row> {
  pgbench(port, script, WARMUP);
  const before = snapshot(roots);
  const { tps, latencyMs } = pgbench(port, script, SECONDS);
  const cpu = spent(before, snapshot(roots));
  const reads = Math.max(1, tps * SECONDS);
  const row: Row = {
    name,
    perSecond: Math.round(tps),
    p50: latencyMs,
    p99: Number.NaN,
    refused: 0,
    cpuMs: { ...(Object.fromEntries(KINDS.map((k) => [k, round2(cpu[k] / reads)])) as Record<Kind, number>), load: Number.NaN },
  };
  console.error(`${name}: ${JSON.stringify(row)}`);
  return row;
}

/** Players with money and tokens, and a day-long open session in a room of its own (as bench/http.ts). */
async function seed(handle: DatabaseHandle, state: ClusterState) {
  const userIds = await seedFundedPlayers(handle.db, CONNECTIONS);
  await handle.db.execute(
    sql`insert into ledger_accounts (asset, system_name, shard) select 'CHIP', 'house', g from generate_series(0, ${SYSTEM_SHARDS - 1}) g on conflict do nothing`,
  );
  const tokens = createTokenService(state.secrets.jwt, systemClock);
  const tokenOf: string[] = [];
  for (const userId of userIds)
    tokenOf.push((await openSession(handle.db, { clock: systemClock, random: cryptoRandom, tokens, ttlHours: 2 }, userId)).token);
  await insertBenchRoom(handle.db, 86_400);
  const chainDeps = { secret: state.secrets.jwt, random: cryptoRandom, clock: systemClock, length: 100, beacon: createLocalBeacon() };
  const level = await loadRoom(handle.db, 8);
  const open = await handle.db.transaction((tx) => ensureCurrentSession(tx, chainDeps, level, new Date()));
  if (!open) throw new Error('no open session');
  const body = benchBetBody(open.session.id);
  return { body, tokens: tokenOf, userIds };
}

/** HAProxy instances beside the reference one, over 1 and 2 of its cores, and over the direct core. */
async function extraProxies(state: ClusterState) {
  const proxy = async (name: string, port: number, cores: number[]) => {
    const dir = path.join(state.dir, `haproxy-${name}`);
    mkdirSync(dir);
    return { pid: await startHaproxy({ dir, port, cores }), url: `http://127.0.0.1:${port}` };
  };
  const [c1, c2, c3] = state.ports.cores as [number, number, number, number];
  return {
    one: await proxy('one', BASE + 4, [c1]),
    two: await proxy('two', BASE + 5, [c1, c2]),
    direct: await proxy('direct', BASE + 6, [state.ports.cores[3] as number]),
    three: { pid: state.haproxy.pid as number, url: urlsOf(state).http, c3 },
  };
}

/** A 4th core process straight to the primary with named statements (no PgBouncer), as before the pooler. */
async function startDirectCore(state: ClusterState) {
  const primary = urlsOf(state).primary;
  state.ports.cores.push(BASE + 13);
  state.cores.push({ pid: undefined });
  const shared = state.coreEnv;
  state.coreEnv = { ...shared, DATABASE_URL: primary, DATABASE_DIRECT_URL: primary, DATABASE_STATEMENTS: 'named' };
  try {
    const pid = await startCore(state, 3);
    (state.cores[3] as { pid?: number }).pid = pid;
    writeState(state);
    return pid;
  } finally {
    state.coreEnv = shared;
  }
}

async function setSynchronous(state: ClusterState, on: boolean) {
  const port = state.primary.port;
  psql(port, 'postgres', on ? 'alter system reset synchronous_standby_names' : "alter system set synchronous_standby_names = ''");
  psql(port, 'postgres', 'select pg_reload_conf()');
  const want = on ? 'sync' : 'async';
  await waitFor(`the replica to be ${want}`, () => psql(port, 'postgres', 'select sync_state from pg_stat_replication') === want);
}

function readScript(state: ClusterState, userIds: number[]): string {
  const file = path.join(state.dir, 'records.sql');
  writeFileSync(
    file,
    `\\set uid random(${Math.min(...userIds)}, ${Math.max(...userIds)})
select b.*, s.status, s.settled_at from game_bets b join game_sessions s on s.id = b.session_id where b.user_id = :uid order by b.id desc limit 20;
select count(*) from game_bets where user_id = :uid;
`,
  );
  return file;
}

const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** The bet cases in order; the synchronous standby is switched off for the last one and back on after it. */
function betCases(
  state: ClusterState,
  proxies: Awaited<ReturnType<typeof extraProxies>>,
  directPid: number,
): { name: string; url: string; roots: Record<Kind, number[]>; synchronous?: boolean }[] {
  const cores = state.cores.slice(0, 3).map((c) => c.pid as number);
  const common = { pgPrimary: [state.primary.pid as number], walsender: [], replica: [state.replica?.pid as number] };
  const via = (proxy: { pid: number; url: string }, core: number[], bouncer = true) => ({
    url: `${proxy.url}/core/app/game/luckyLottery/betting`,
    roots: { ...common, core, haproxy: [proxy.pid], pgbouncer: bouncer ? [state.pgbouncer.pid as number] : [] } as Record<Kind, number[]>,
  });
  return [
    { name: 'bets, 1 core, PgBouncer (unnamed), sync replica', ...via(proxies.one, cores.slice(0, 1)) },
    { name: 'bets, 1 core, direct to primary (named), sync replica', ...via(proxies.direct, [directPid], false) },
    { name: 'bets, 2 cores, PgBouncer, sync replica', ...via(proxies.two, cores.slice(0, 2)) },
    { name: 'bets, 3 cores, PgBouncer, sync replica', ...via(proxies.three, cores) },
    { name: 'bets, 3 cores, PgBouncer, async replica', ...via(proxies.three, cores), synchronous: false },
  ];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? 0;

/** Per case, the median of each figure over the rounds (the lower one of two). */
function medianRow(rows: Row[]): Row {
  const first = rows[0] as Row;
  const of = (pick: (r: Row) => number) => median(rows.map(pick));
  return {
    name: rows.length > 1 ? `${first.name} (median of ${rows.length})` : first.name,
    perSecond: of((r) => r.perSecond),
    p50: of((r) => r.p50),
    p99: of((r) => Number(r.p99)),
    refused: rows.reduce((n, r) => n + r.refused, 0),
    cpuMs: Object.fromEntries([...KINDS, 'load'].map((k) => [k, of((r) => r.cpuMs[k as Kind])])) as Row['cpuMs'],
  };
}

async function measureAll(state: ClusterState, handle: DatabaseHandle) {
  const bet = await seed(handle, state);
  const directPid = await startDirectCore(state);
  const cases = betCases(state, await extraProxies(state), directPid);
  const measured: Row[][] = cases.map(() => []);
  // Rounds over all cases, so that each case meets the machine's changing load as the others do.
  for (let round = 0; round < ROUNDS; round++)
    for (const [i, c] of cases.entries()) {
      if (c.synchronous === false) await setSynchronous(state, false);
      measured[i]?.push(await betCase(c.name, c.url, c.roots, bet));
      if (c.synchronous === false) await setSynchronous(state, true);
    }
  const script = readScript(state, bet.userIds);
  const none = { core: [], haproxy: [], pgbouncer: [], walsender: [] };
  const reads = { ...none, pgPrimary: [state.primary.pid as number], replica: [state.replica?.pid as number] };
  const primary: Row[] = [];
  const replica: Row[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    primary.push(await readCase('reads (records page, pgbench), primary', state.primary.port, reads, script));
    replica.push(await readCase('reads (records page, pgbench), replica', state.replica?.port as number, reads, script));
  }
  return [...measured.map(medianRow), medianRow(primary), medianRow(replica)];
}

function table(rows: Row[]): string {
  const head =
    '| case | ops/s | p50 ms | p99 ms | refused | CPU ms/op: core | primary PG | walsender | replica PG | PgBouncer | HAProxy | load gen |';
  const line = (r: Row) =>
    `| ${r.name} | ${r.perSecond} | ${r.p50} | ${Number.isNaN(r.p99) ? 'n/a' : r.p99} | ${r.refused} | ${[...KINDS, 'load' as const].map((k) => (Number.isNaN(r.cpuMs[k]) ? 'n/a' : r.cpuMs[k])).join(' | ')} |`;
  return [head, `|${'---|'.repeat(12)}`, ...rows.map(line)].join('\n');
}

const { toStop, cleanUp } = stopOnExit();

const coreEnv = { GAME_TICK_MS: '0', GAME_BEACON: 'local', NODE_ENV: 'production', LOG_LEVEL: 'silent' };
let failed = false;
try {
  const began = new Date();
  const loadBefore = loadavg();
  toStop.push(() => stop(BASE));
  const state = await start({ base: BASE, coreEnv });
  const handle = await openDatabase({ url: urlsOf(state).session, poolSize: 2 });
  toStop.push(() => handle.close());
  const rows = await measureAll(state, handle);
  const [stored] = await queryRows<{ n: number }>(handle.db, sql`select count(*)::int as n from game_bets`);
  console.log(
    `npm run bench -- cluster, ${began.toISOString()}; ${machine()}; load average before ${loadBefore}, after ${loadavg()} (machine shared with other helpers); ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${SECONDS} s measured per case; ${stored?.n} bets stored`,
  );
  console.log(table(rows));
} catch (error) {
  failed = true;
  console.error(`bench cluster failed: ${(error as Error).stack ?? error}`);
} finally {
  await cleanUp();
}
process.exit(failed ? 1 : 0);
