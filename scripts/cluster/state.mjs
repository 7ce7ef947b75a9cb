// The cluster's state file: where everything lives and which process groups to kill, so that
// `npm run cluster -- stop` (or status, failover, backup) works from another shell. One state file
// per base port, in the system's temporary folder, beside the cluster's own folder.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Loopback ports: base (primary), +1 replica, +2 PgBouncer, +3 HAProxy, +10.. core processes, +20.. restored clusters. */
export const DEFAULT_BASE_PORT = 55400;

export const stateFile = (base) => path.join(os.tmpdir(), `prism-cluster-${base}.json`);

export function portsOf(base, cores = 3) {
  return {
    primary: base,
    replica: base + 1,
    pgbouncer: base + 2,
    haproxy: base + 3,
    cores: Array.from({ length: cores }, (_, i) => base + 10 + i),
    restoreBase: base + 20,
  };
}

export function readState(base) {
  const file = stateFile(base);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

export function writeState(state) {
  writeFileSync(stateFile(state.base), `${JSON.stringify(state, null, 2)}\n`);
}

export function removeState(base) {
  rmSync(stateFile(base), { force: true });
}

/** The URLs the cluster offers: what core, operators and tests connect to. */
export function urlsOf(state) {
  const pg = (port, db = 'prism') => `postgres://postgres@127.0.0.1:${port}/${db}`;
  return {
    http: `http://127.0.0.1:${state.ports.haproxy}`,
    pooled: pg(state.ports.pgbouncer, 'prism'),
    session: pg(state.ports.pgbouncer, 'prism_session'),
    primary: pg(state.primary.port),
    replica: state.replica ? pg(state.replica.port) : undefined,
  };
}
