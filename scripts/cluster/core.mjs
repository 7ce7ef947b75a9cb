// The core processes, each started exactly as `npm start` starts one (scripts/start.mjs: builds the
// bundle when stale, then node with its flags on apps/core/dist/main.mjs), without the web build.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { alive, gone, HOST, startDetached, waitFor } from './proc.mjs';
import { urlsOf } from './state.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The environment every core process shares (plus its own PORT). */
export function coreEnv(state) {
  const urls = urlsOf(state);
  return {
    ...process.env,
    SKIP_WEB: 'true',
    HOST,
    // The request path through PgBouncer in transaction mode, statements unnamed (PgBouncer 1.18).
    DATABASE_URL: urls.pooled,
    DATABASE_STATEMENTS: 'unnamed',
    // Session work through PgBouncer's session alias: still the primary after a failover.
    DATABASE_DIRECT_URL: urls.session,
    // Lag-tolerant reads (history, records, team statistics) go to the replica.
    DATABASE_REPLICA_URLS: urls.replica ?? '',
    // Shared by every process: a token one signs, another verifies.
    JWT_SECRET: state.secrets.jwt,
    OPS_TOKEN: state.secrets.ops,
    // Uploads on storage all processes share (one machine here; a shared volume in a deployment).
    DATA_DIR: path.join(state.dir, 'data'),
    ...state.coreEnv,
  };
}

/** Starts core process `index` (0-based) and waits until its health answers 200. */
export async function startCore(state, index) {
  const port = state.ports.cores[index];
  const log = path.join(state.dir, `core${index + 1}.log`);
  const pid = startDetached(process.execPath, ['scripts/start.mjs'], { log, cwd: ROOT, env: { ...coreEnv(state), PORT: String(port) } });
  await waitFor(
    `core process ${index + 1} on port ${port} (log ${log})`,
    async () => {
      if (!alive(pid)) throw gone('it exited');
      const response = await fetch(`http://${HOST}:${port}/core/health`);
      return response.status === 200;
    },
    180_000,
    250,
  );
  return pid;
}

/** The first builds the bundle if stale (start.mjs), the others then start side by side on the fresh bundle. */
export async function startCores(state, record) {
  record(0, await startCore(state, 0));
  await Promise.all(state.ports.cores.slice(1).map(async (_, i) => record(i + 1, await startCore(state, i + 1))));
}
