// `npm run cluster [-- start|stop|status|failover [--kill]|standby|backup|restore --to <ISO time>] [--base <port>]`:
// the reference deployment on this machine (docs/scaling.md "Reference deployment", docs/operations.md
// "Cluster, failover and backups"): PostgreSQL 15 primary + synchronous streaming replica, PgBouncer,
// three core processes behind HAProxy, all on loopback ports from --base (default 55400).
import { archiveNow, restore, takeBackup } from './cluster/backup.mjs';
import { DEFAULT_BASE_PORT, readState, urlsOf, writeState } from './cluster/state.mjs';
import { failover, recordGroups, standby, start, status, stop } from './cluster/topology.mjs';

const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
};
const base = Number(option('base') ?? process.env.CLUSTER_BASE_PORT ?? DEFAULT_BASE_PORT);
const command = args.find((arg, i) => !arg.startsWith('--') && !args[i - 1]?.startsWith('--')) ?? 'start';

function running() {
  const state = readState(base);
  if (!state) throw new Error(`no cluster on base port ${base}: npm run cluster first`);
  recordGroups(state);
  return state;
}

const commands = {
  async start() {
    const state = await start({ base });
    const urls = urlsOf(state);
    console.log(`cluster up in ${state.dir}
  HTTP (HAProxy over ${state.cores.length} core processes): ${urls.http}/core/health
  PgBouncer, transaction mode (DATABASE_URL):    ${urls.pooled}
  PgBouncer, session mode (DATABASE_DIRECT_URL): ${urls.session}
  primary:                                       ${urls.primary}
  replica (DATABASE_REPLICA_URLS):               ${urls.replica}
  operators: OPS_TOKEN=${state.secrets.ops}
stop with: npm run cluster -- stop${base === DEFAULT_BASE_PORT ? '' : ` --base ${base}`}`);
  },
  async stop() {
    console.log((await stop(base)) ? 'cluster stopped and removed' : `no cluster on base port ${base}`);
  },
  async status() {
    console.log(JSON.stringify((await status(base)) ?? `no cluster on base port ${base}`, null, 2));
  },
  async failover() {
    const { seconds, outageSeconds, primary } = await failover(base, { kill: args.includes('--kill') });
    console.log(
      `failed over: ${seconds.toFixed(1)} s from promote (${outageSeconds.toFixed(1)} s in all) to a write; the primary is now ${primary}; PgBouncer points at it`,
    );
  },
  async standby() {
    const { seconds, port } = await standby(base);
    console.log(
      `a new synchronous standby streams from the primary on port ${port} (built in ${seconds.toFixed(1)} s); commits wait for it again`,
    );
  },
  async backup() {
    const state = running();
    const backup = takeBackup(state);
    state.backups.push(backup);
    writeState(state);
    await archiveNow(state);
    console.log(`base backup ${backup.dir} (restorable to any time after ${backup.endedAt}, with the WAL archive ${state.archive})`);
  },
  async restore() {
    const to = option('to');
    if (!to) throw new Error('restore needs --to <ISO time>');
    const state = running();
    // The WAL up to now must be in the archive for a target close to now.
    await archiveNow(state).catch(() => undefined);
    const restored = await restore(state, to);
    state.restored.push(restored);
    writeState(state);
    console.log(`restored the backup of ${restored.backup} to ${restored.to} in ${restored.seconds.toFixed(1)} s: ${restored.url}`);
  },
};

const run = commands[command];
if (!run) {
  console.error(`unknown command ${command}: start, stop, status, failover [--kill], standby, backup, restore --to <time>`);
  process.exit(2);
}
try {
  await run();
} catch (error) {
  console.error(`cluster ${command}: ${error.message}`);
  process.exitCode = 1;
}
