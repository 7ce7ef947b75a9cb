// `npm run test:cluster`: the reference deployment under the simulation, with faults. Starts the
// cluster (base port 55450), takes a base backup, runs the simulation through HAProxy while it kills
// a core process, restarts PgBouncer, restarts the synchronous replica, marks a restore point, and
// kills -9 the primary and fails over; then checks that nothing answered 200 is lost or doubled (the
// simulation's invariants, every bet answered 200 present, ledger:check on the promoted database),
// that read-your-writes held, and that a point-in-time restore to the marked moment passes ledger:check.
// Everything it started is stopped, on failure and on Ctrl-C too.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type FakeBotApi, startFakeBotApi } from '@prism/bot/testing';
import { sql } from 'drizzle-orm';
import { type DatabaseHandle, openDatabase, queryRows } from '../../apps/core/src/db/client';
import { runSimulation, type SimulationReport } from '../../apps/core/src/simulate/simulation';
import { SIMULATION_START, seedSimulationOperators } from '../../apps/core/src/simulate/target';
import { seedOperator, TEST_BOT_TOKEN, TEST_BREAK_GLASS_TOKEN, TEST_OPS_TOKEN, TEST_OWNER_LOGIN } from '../../apps/core/src/testing';
import { restore, takeBackup } from './backup.mjs';
import { stopOnExit } from './cleanup';
import { ROOT } from './core.mjs';
import { createFaults, type FaultReport } from './faults';
import { psql, stopGroup, waitFor } from './proc.mjs';
import { readState, urlsOf, writeState } from './state.mjs';
import { clusterTarget } from './target';
import { start, stop } from './topology.mjs';
import type { ClusterState } from './types.d.mts';

const BASE = Number(process.env.CLUSTER_TEST_BASE_PORT ?? 55450);
const RATE = 10;
const options = { ops: Number(process.env.CLUSTER_TEST_OPS ?? 2500), concurrency: 16, seed: 28, users: 40 };
/** The rounds at which the faults begin: core kill, PgBouncer restart, replica restart, restore mark, failover, new standby. */
const FAULT_ROUNDS = [4, 9, 14, 19, 24, 27];

const coreEnv = (fake: FakeBotApi, startedAt: number) => ({
  OPS_TOKEN: TEST_BREAK_GLASS_TOKEN,
  BOT_TOKEN: TEST_BOT_TOKEN,
  BOT_API_ROOT: fake.apiRoot,
  CLOCK_START: new Date(SIMULATION_START).toISOString(),
  CLOCK_STARTED_AT: String(startedAt),
  CLOCK_RATE: String(RATE),
  GAME_TICK_MS: '100',
  GAME_CHAIN_LENGTH: '1000',
  RATE_LIMIT_AUTH_PER_MINUTE: '1000000',
  RATE_LIMIT_SMS_PER_MINUTE: '1000000',
  RATE_LIMIT_GIFT_CODE_PER_MINUTE: '1000000',
  RATE_LIMIT_GIVE_POWER_PER_MINUTE: '1000000',
  LOG_LEVEL: 'warn',
});

/** `npm run ledger:check` on a database; answers whether it passed (its output is printed). */
function ledgerCheck(url: string, label: string): boolean {
  const env = {
    ...process.env,
    DATABASE_URL: url,
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'prism-ledger-')),
    OPS_URL: 'http://127.0.0.1:1',
  };
  const result = spawnSync(path.join(ROOT, 'node_modules/.bin/tsx'), ['apps/core/src/cli/ledgerCheck.ts'], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
  });
  const text = `${result.stdout}${result.stderr}`.trim().split('\n').slice(-3).join(' | ');
  console.log(`ledger:check on ${label}: ${result.status === 0 ? 'OK' : `FAILED (${result.status})`} ${text}`);
  return result.status === 0;
}

/** Every bet answered 200 (by id) is in the database the cluster now writes to. */
async function missingBets(handle: DatabaseHandle, report: SimulationReport): Promise<string[]> {
  const ids = report.log.filter((e) => e.op.startsWith('bet') && e.code === 200 && e.ids).map((e) => Number(e.ids));
  const rows = await queryRows<{ id: number }>(
    handle.db,
    sql`select id::int as id from game_bets where id = any(${`{${ids.join(',')}}`}::bigint[])`,
  );
  const found = new Set(rows.map((r) => r.id));
  return ids.filter((id) => !found.has(id)).map(String);
}

async function seed(handle: DatabaseHandle) {
  const clock = { now: () => new Date() };
  await seedOperator(handle.db, clock, { login: TEST_OWNER_LOGIN, role: 'owner', apiToken: TEST_OPS_TOKEN });
  await seedSimulationOperators(handle.db, clock);
}

/** The processes' logs, kept in .tmp/cluster-test/ (the cluster folder goes with `stop`). */
function keepLogs() {
  const state = readState(BASE);
  if (!state) return;
  const kept = path.join(ROOT, '.tmp', 'cluster-test');
  rmSync(kept, { recursive: true, force: true });
  mkdirSync(kept, { recursive: true });
  for (const name of readdirSync(state.dir)) if (name.endsWith('.log')) copyFileSync(path.join(state.dir, name), path.join(kept, name));
  copyFileSync(path.join(state.pgbouncer.dir, 'pgbouncer.log'), path.join(kept, 'pgbouncer.log'));
}

const { toStop, cleanUp } = stopOnExit();

async function main(): Promise<boolean> {
  const began = performance.now();
  const fake = await startFakeBotApi({ token: TEST_BOT_TOKEN });
  toStop.push(() => fake.stop());
  const startedAt = Date.now();
  toStop.push(() => stop(BASE));
  toStop.push(async () => keepLogs());
  const state: ClusterState = await start({ base: BASE, coreEnv: coreEnv(fake, startedAt) });
  const startSeconds = (performance.now() - began) / 1000;
  const urls = urlsOf(state);
  const handle = await openDatabase({ url: urls.session, poolSize: 4 });
  toStop.push(() => handle.close());
  await seed(handle);
  state.backups.push(takeBackup(state));
  writeState(state);
  const faults = createFaults(state, FAULT_ROUNDS);
  const stopCores = async () => {
    await Promise.all(state.cores.map((c) => stopGroup(c.pid)));
  };
  const target = clusterTarget({ url: urls.http, handle, fake, faults, startedAt, rate: RATE, stopCores });
  const report = await runSimulation(target, options);
  return verify({ state, handle, report, faultReport: report.faults as unknown as FaultReport, target, began, startSeconds });
}

async function verify(run: {
  state: ClusterState;
  handle: DatabaseHandle;
  report: SimulationReport;
  faultReport: FaultReport;
  target: ReturnType<typeof clusterTarget>;
  began: number;
  startSeconds: number;
}): Promise<boolean> {
  const { state, handle, report, faultReport, target } = run;
  const problems = [...report.failures];
  const missing = await missingBets(handle, report);
  if (missing.length) problems.push(`bets answered 200 missing after failover: ${missing.slice(0, 10).join(', ')}`);
  if (target.api.readYourWrites.missing.length)
    problems.push(`read-your-writes missed: ${target.api.readYourWrites.missing.slice(0, 5).join(', ')}`);
  for (const fault of faultReport.done)
    if (!fault.duringTraffic) problems.push(`${fault.name} ran after the traffic ended (raise CLUSTER_TEST_OPS)`);
  if (!ledgerCheck(urlsOf(state).primary, 'the promoted primary')) problems.push('ledger:check failed on the promoted primary');
  problems.push(...(await standbyProblems(state, handle)));
  let restored: Awaited<ReturnType<typeof restore>> | undefined;
  if (faultReport.markedAt) {
    restored = await restore(state, faultReport.markedAt);
    state.restored.push(restored);
    writeState(state);
    const [bets] = await restoredBets(restored.url);
    if (!ledgerCheck(restored.url, `the restore to ${faultReport.markedAt}`)) problems.push('ledger:check failed on the restored database');
    console.log(`restored database: ${bets?.n} bets (the promoted one has ${await betCount(handle)})`);
  } else problems.push('no restore point was marked');
  summarise(run, restored);
  for (const problem of problems) console.error(`FAILED: ${problem}`);
  return problems.length === 0;
}

/**
 * The standby built after the failover: synchronous (commits wait for it), and once it has replayed
 * what the promoted primary wrote, holding every bet (those of the traffic after it was built too).
 */
async function standbyProblems(state: ClusterState, handle: DatabaseHandle): Promise<string[]> {
  const fresh = readState(BASE) as ClusterState;
  if (!fresh.replica) return ['no standby after the failover'];
  const sync = psql(fresh.primary.port, 'postgres', 'select sync_state from pg_stat_replication');
  if (sync !== 'sync') return [`the new standby is not synchronous (${sync || 'not streaming'})`];
  const target = psql(fresh.primary.port, 'postgres', 'select pg_current_wal_lsn()');
  await waitFor(
    'the new standby to replay the primary',
    () => psql(fresh.replica?.port as number, 'postgres', `select pg_last_wal_replay_lsn() >= '${target}'::pg_lsn`) === 't',
    30_000,
  );
  const onStandby = Number(psql(fresh.replica.port, 'prism', 'select count(*) from game_bets'));
  const onPrimary = await betCount(handle);
  Object.assign(state, fresh);
  return onStandby === onPrimary ? [] : [`the new standby holds ${onStandby} bets, the primary ${onPrimary}`];
}

async function betCount(handle: DatabaseHandle) {
  const [row] = await queryRows<{ n: number }>(handle.db, sql`select count(*)::int as n from game_bets`);
  return row?.n;
}

async function restoredBets(url: string) {
  const restoredHandle = await openDatabase({ url, poolSize: 1 });
  try {
    return await queryRows<{ n: number }>(restoredHandle.db, sql`select count(*)::int as n from game_bets`);
  } finally {
    await restoredHandle.close();
  }
}

function summarise(run: Parameters<typeof verify>[0], restored: { seconds: number } | undefined) {
  const { report, faultReport, target } = run;
  const ok = Object.entries(report.outcomes)
    .filter(([k]) => k.endsWith(' 200'))
    .reduce((n, [, v]) => n + v, 0);
  const retried = Object.entries(report.outcomes)
    .filter(([k]) => k.includes('-retry'))
    .reduce((n, [, v]) => n + v, 0);
  console.log(
    `cluster test: ${report.ops} operations in ${report.rounds} rounds (${report.seconds} s, ${report.opsPerSecond} ops/s), ${ok} answered 200`,
  );
  console.log(
    `  failed cleanly (answered as no answer, retried with the same key when keyed): ${JSON.stringify(target.api.failures)}; background retries answered: ${retried}`,
  );
  console.log(`  faults: ${faultReport.done.map((f) => `${f.name} (round ${f.round}, ${f.seconds} s)`).join('; ')}`);
  console.log(
    `  failover: ${faultReport.failoverSeconds?.toFixed(1)} s from pg_ctl promote, ${faultReport.outageSeconds?.toFixed(1)} s from the kill -9, to a write through PgBouncer`,
  );
  console.log(`  a new synchronous standby built from the promoted primary under traffic in ${faultReport.standbySeconds?.toFixed(1)} s`);
  console.log(
    `  read-your-writes: ${target.api.readYourWrites.checked} checked, ${target.api.readYourWrites.missing.length} missing, ${target.api.readYourWrites.skipped} skipped (no answer)`,
  );
  console.log(
    `  restore to the marked moment: ${restored ? `${restored.seconds.toFixed(1)} s` : 'not done'}; cluster start ${run.startSeconds.toFixed(0)} s; whole test ${((performance.now() - run.began) / 1000).toFixed(0)} s`,
  );
}

let passed = false;
try {
  passed = await main();
} catch (error) {
  console.error(`cluster test failed: ${(error as Error).stack ?? error}`);
} finally {
  await cleanUp();
}
console.log(passed ? 'cluster test OK' : 'cluster test FAILED');
process.exit(passed ? 0 : 1);
