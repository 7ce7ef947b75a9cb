// start / stop / status / failover of the whole topology, each step recorded in the state file as soon
// as its process runs: a start that fails half-way is still stopped completely.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startCores } from './core.mjs';
import { startHaproxy } from './haproxy.mjs';
import { startPgbouncer } from './pgbouncer.mjs';
import { createPrimary, createReplica, promote, REPLICA_NAME } from './postgres.mjs';
import { alive, killGroup, portOpen, psql, run, setSpawnHook, stopGroup, waitFor } from './proc.mjs';
import { portsOf, readState, removeState, urlsOf, writeState } from './state.mjs';

/** Installs PgBouncer and HAProxy from Debian's packages when missing (root, or sudo). */
function ensureInstalled() {
  const missing = ['pgbouncer', 'haproxy'].filter((bin) => {
    try {
      run('sh', ['-c', `command -v ${bin} || test -x /usr/sbin/${bin}`]);
      return false;
    } catch {
      return true;
    }
  });
  if (missing.length === 0) return;
  const install = ['apt-get', 'install', '-y', ...missing];
  if (process.getuid?.() === 0) run(install[0], install.slice(1));
  else run('sudo', install);
}

function newState(base, coreEnv, cores) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'prism-cluster-'));
  const archive = path.join(dir, 'wal-archive');
  const ports = portsOf(base, cores);
  return {
    base,
    dir,
    archive,
    ports,
    secrets: { jwt: randomBytes(24).toString('hex'), ops: randomBytes(24).toString('hex') },
    coreEnv,
    primary: { name: 'primary', port: ports.primary, dir: path.join(dir, 'primary'), pid: undefined },
    replica: { name: REPLICA_NAME, port: ports.replica, dir: path.join(dir, 'replica'), pid: undefined },
    pgbouncer: { pid: undefined },
    haproxy: { pid: undefined },
    cores: ports.cores.map(() => ({ pid: undefined })),
    backups: [],
    restored: [],
  };
}

/** Starts everything; answers the state. `coreEnv` is added to every core process's environment (tests). */
export async function start({ base, coreEnv = {}, cores = 3 }) {
  if (readState(base)) throw new Error(`a cluster on base port ${base} is running: npm run cluster -- stop first`);
  ensureInstalled();
  const state = newState(base, coreEnv, cores);
  writeState(state);
  recordGroups(state);
  try {
    run('chown', ['postgres:postgres', state.dir]);
    mkdirSync(path.join(state.dir, 'data'));
    const log = (name) => path.join(state.dir, `${name}.log`);
    state.primary.pid = await createPrimary({
      dir: state.primary.dir,
      port: state.primary.port,
      archive: state.archive,
      log: log('primary'),
    });
    writeState(state);
    state.replica.pid = await createReplica({
      dir: state.replica.dir,
      port: state.replica.port,
      primaryPort: state.primary.port,
      log: log('replica'),
    });
    writeState(state);
    const bouncerDir = path.join(state.dir, 'pgbouncer');
    mkdirSync(bouncerDir);
    state.pgbouncer = { pid: undefined, dir: bouncerDir, port: state.ports.pgbouncer };
    state.pgbouncer.pid = await startPgbouncer({ dir: bouncerDir, port: state.ports.pgbouncer, primaryPort: state.primary.port });
    writeState(state);
    await startCores(state, (i, pid) => {
      state.cores[i].pid = pid;
      writeState(state);
    });
    state.haproxy.pid = await startHaproxy({ dir: state.dir, port: state.ports.haproxy, cores: state.ports.cores });
    writeState(state);
    return state;
  } catch (error) {
    await stop(base).catch(() => undefined);
    throw error;
  }
}

/**
 * Every process group this process starts is recorded in the state file at once: `stop` then kills
 * it even when the start failed before the step that launched it returned.
 */
export function recordGroups(state) {
  setSpawnHook((pid) => {
    state.groups = [...(state.groups ?? []), pid];
    writeState(state);
  });
}

/** Every process group the state names, the cluster folder and the state file. Safe to repeat. */
export async function stop(base) {
  const state = readState(base);
  if (!state) return false;
  // Front to back: HAProxy and the cores first, the databases last (they then shut down with no clients).
  const groups = [state.haproxy, ...state.cores, state.pgbouncer, state.replica, state.primary, ...state.restored].map((e) => e?.pid);
  for (const batch of [groups.slice(0, -2 - state.restored.length), groups.slice(-2 - state.restored.length), state.groups ?? []])
    await Promise.all(batch.filter(Boolean).map((pid) => stopGroup(pid)));
  rmSync(state.dir, { recursive: true, force: true });
  removeState(base);
  return true;
}

const up = async (entry, port) => (entry?.pid && alive(entry.pid) ? ((await portOpen(port)) ? 'up' : 'no port') : 'down');

export async function status(base) {
  const state = readState(base);
  if (!state) return undefined;
  const replication = (() => {
    try {
      return psql(state.primary.port, 'postgres', 'select application_name, state, sync_state, replay_lag from pg_stat_replication');
    } catch (error) {
      return `unknown (${error.message.split('\n')[0]})`;
    }
  })();
  return {
    dir: state.dir,
    urls: urlsOf(state),
    primary: `${await up(state.primary, state.primary.port)} (${state.primary.name}, port ${state.primary.port})`,
    replica: state.replica ? await up(state.replica, state.replica.port) : 'none (promoted)',
    replication,
    pgbouncer: await up(state.pgbouncer, state.ports.pgbouncer),
    haproxy: await up(state.haproxy, state.ports.haproxy),
    cores: await Promise.all(state.cores.map((c, i) => up(c, state.ports.cores[i]))),
    backups: state.backups.map((b) => b.takenAt),
    restored: state.restored.map((r) => r.url),
  };
}

/**
 * Promotes the replica and points PgBouncer's aliases at it. The old primary must be dead first (a
 * promoted replica beside a live primary is split brain): `kill` kills it with SIGKILL. Answers the
 * seconds from the start of promotion until a write commits through PgBouncer.
 */
export async function failover(base, { kill = false } = {}) {
  const state = readState(base);
  if (!state?.replica) throw new Error('no replica to promote (already failed over, or no cluster)');
  recordGroups(state);
  const began = performance.now();
  if (kill) killGroup(state.primary.pid, 'SIGKILL');
  await waitFor(
    'the old primary to be gone',
    async () => !(alive(state.primary.pid) || (await portOpen(state.primary.port))),
    10_000,
  ).catch(() => {
    throw new Error(`the primary (port ${state.primary.port}) still runs: use failover --kill`);
  });
  // PgBouncer down at once: clients then get "connection refused" (core answers 503, retryable)
  // instead of PgBouncer's own "server login has been failing" errors while the primary is gone.
  await stopGroup(state.pgbouncer.pid, 5_000);
  const promoting = performance.now();
  await promote(state.replica);
  state.retired = [...(state.retired ?? []), state.primary];
  state.primary = state.replica;
  state.replica = undefined;
  writeState(state);
  state.pgbouncer.pid = await startPgbouncer({ dir: state.pgbouncer.dir, port: state.ports.pgbouncer, primaryPort: state.primary.port });
  writeState(state);
  // A write (txid_current assigns a transaction id) through the transaction alias: the new primary takes writes.
  await waitFor('a write through PgBouncer', () => Number(psql(state.ports.pgbouncer, 'prism', 'select txid_current()')) > 0, 30_000);
  const now = performance.now();
  return { seconds: (now - promoting) / 1000, outageSeconds: (now - began) / 1000, primary: urlsOf(state).primary };
}

/**
 * After a failover: a new synchronous standby for the promoted primary (`pg_basebackup -R` from it,
 * streaming, then named in its synchronous_standby_names), on the retired primary's port, which is
 * free once that server is dead. Until this runs the promoted primary commits without waiting for any
 * standby (docs/operations.md). The cores keep reading on the URL they were given (now the primary):
 * restart them with DATABASE_REPLICA_URLS at the new standby to read from it again. Answers the seconds
 * it took and the standby's port.
 */
export async function standby(base) {
  const state = readState(base);
  if (!state) throw new Error(`no cluster on base port ${base}`);
  if (state.replica) throw new Error(`the cluster has a standby already (port ${state.replica.port})`);
  recordGroups(state);
  const port = (state.retired ?? []).map((r) => r.port).find((p) => p !== state.primary.port) ?? state.ports.primary;
  if (await portOpen(port)) throw new Error(`port ${port} is in use: is the old primary still running? It must not rejoin as it is`);
  const began = performance.now();
  const built = (state.standbysBuilt ?? 0) + 1;
  const name = `replica-${built}`;
  state.replica = { name: REPLICA_NAME, port, dir: path.join(state.dir, name), pid: undefined };
  state.standbysBuilt = built;
  writeState(state);
  state.replica.pid = await createReplica({
    dir: state.replica.dir,
    port,
    primaryPort: state.primary.port,
    log: path.join(state.dir, `${name}.log`),
  });
  writeState(state);
  return { seconds: (performance.now() - began) / 1000, port };
}
