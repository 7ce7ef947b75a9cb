// Process plumbing for the cluster: PostgreSQL's server binaries and PgBouncer refuse to run as root,
// so they run as the `postgres` user; every long-lived process gets a process group of its own
// (detached), recorded in the state file, so `stop` (from any shell) kills the whole group at once:
// a postmaster with its backends, start.mjs with its node child, runuser with its command.
import { spawn, spawnSync } from 'node:child_process';
import { openSync } from 'node:fs';
import net from 'node:net';

export const PG_BIN = '/usr/lib/postgresql/15/bin';
export const HOST = '127.0.0.1';

/** Runs a command to its end (as `postgres` when asked) and answers its output; throws with it when it fails. */
export function run(command, args, { asPostgres = false, env } = {}) {
  const [bin, argv] = asPostgres ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  const result = spawnSync(bin, argv, { encoding: 'utf8', env: env ?? process.env });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed (${result.status ?? result.signal}): ${result.stderr}${result.stdout}`.trim());
  return result.stdout;
}

/** Told each new process group at once (the state file records it before anything waits on it). */
let onSpawn = () => undefined;
export function setSpawnHook(hook) {
  onSpawn = hook;
}

/** Starts a long-lived process in a group of its own, its output appended to `log`; answers the group id. */
export function startDetached(command, args, { log, env, cwd, asPostgres = false }) {
  const [bin, argv] = asPostgres ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  const out = openSync(log, 'a');
  const child = spawn(bin, argv, { detached: true, stdio: ['ignore', out, out], env: env ?? process.env, cwd });
  child.unref();
  onSpawn(child.pid);
  return child.pid;
}

/** Thrown inside a waitFor check when the process waited for has exited. */
export function gone(what = 'it exited') {
  return Object.assign(new Error(what), { gone: true });
}

export function alive(pid) {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Signals a whole process group; false when it is already gone. */
export function killGroup(pid, signal = 'SIGTERM') {
  if (!pid) return false;
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

export const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** SIGTERM to the group, then SIGKILL if it has not ended within `graceMs`. */
export async function stopGroup(pid, graceMs = 10_000) {
  if (!killGroup(pid, 'SIGTERM')) return;
  for (const ends = Date.now() + graceMs; Date.now() < ends; await pause(100)) if (!alive(pid)) break;
  killGroup(pid, 'SIGKILL');
  for (const ends = Date.now() + 5_000; alive(pid) && Date.now() < ends; ) await pause(50);
}

/** Polls `check` (sync or async) until it answers truthy; throws after `timeoutMs` naming what it waited for. */
export async function waitFor(what, check, timeoutMs = 60_000, everyMs = 100) {
  let last;
  for (const ends = Date.now() + timeoutMs; Date.now() < ends; await pause(everyMs)) {
    try {
      const answer = await check();
      if (answer) return answer;
    } catch (error) {
      // A process that has exited will not come up: no point in waiting out the timeout.
      if (error.gone) throw new Error(`${what}: ${error.message}`);
      last = error;
    }
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last ? `: ${last.message}` : ''}`);
}

export const portOpen = (port) =>
  new Promise((resolve) => {
    const socket = net.connect(port, HOST);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** One SQL statement through psql (a client binary: root may run it); answers the unaligned rows. */
export function psql(port, database, statement) {
  return run('psql', [
    '-h',
    HOST,
    '-p',
    String(port),
    '-U',
    'postgres',
    '-d',
    database,
    '-X',
    '-v',
    'ON_ERROR_STOP=1',
    '-Atc',
    statement,
  ]).trim();
}
