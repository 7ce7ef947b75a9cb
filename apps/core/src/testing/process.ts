import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { HttpClient } from '@prism/client';
import { withMigratedDatabase } from './database';
import type { TestApi } from './harness';
import { provisionOperator } from './operators';

export interface CoreProcess {
  url: string;
  /** The end of what the process printed (logs and errors). */
  output(): string;
  /** An operator client for /core/admin: an owner provisioned (once per database) with the break-glass token. */
  ops: OpsClient;
  child: ChildProcess;
  /** The exit code (null when a signal ended it), whoever ended it. */
  exited: Promise<number | null>;
  /** SIGKILL: no shutdown, no cleanup, as a crash. */
  crash(): Promise<void>;
  /**
   * SIGTERM, then the exit code (null when a signal ended it). `group` signals the whole process
   * group, as systemd or Docker do (the process must have been started with `detached`).
   */
  stop(to?: 'process' | 'group'): Promise<number | null>;
}

export interface CoreProcessOptions {
  /** A process group of its own (with its cluster workers): for stop('group'). */
  detached?: boolean;
  /**
   * DATA_DIR without a database: the process creates and migrates one, as on a first start. By
   * default an embedded process gets a copy of the global setup's migrated one (withMigratedDatabase).
   */
  emptyDatabase?: boolean;
}

/**
 * Starts `apps/core/src/main.ts` as a real child process and waits until it answers.
 * The child listens on a port the system chooses (PORT=0) and prints its address:
 * a fixed port from the ephemeral range could already be the local end of some
 * outgoing connection, or be picked as the source port of our own polling.
 */
export async function startCoreProcess(
  env: Record<string, string>,
  nodeArgs: string[] = [],
  entry: string[] = TSX_ENTRY,
  options: CoreProcessOptions = {},
): Promise<CoreProcess> {
  const opsToken = env.OPS_TOKEN ?? 'process-test-ops-token';
  const spawned = await spawnCore({ OPS_TOKEN: opsToken, ...env, PORT: '0' }, nodeArgs, entry, options);
  const { child, exited, output } = spawned;
  const url = await readyUrl(child, spawned.port, output);
  return {
    url,
    output,
    ops: opsClient(url, opsToken, env),
    child,
    exited,
    async crash() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop(to = 'process') {
      if (child.exitCode === null && child.signalCode === null) signal(child, 'SIGTERM', to);
      return exited;
    },
  };
}

/** The operator calls tests make of a spawned server. */
export interface OpsClient {
  get<T>(path: string, query?: Record<string, string | number | undefined>): Promise<T>;
  post<T>(path: string, form?: Record<string, string | number | undefined>): Promise<T>;
}

/** Owners' API tokens by database (DATABASE_URL or DATA_DIR): a restarted process keeps its operator. */
const owners = new Map<string, Promise<string>>();

/** The server's clock (CLOCK_START, CLOCK_STARTED_AT, CLOCK_RATE), which the TOTP codes of the setup must follow. */
function serverNow(env: Record<string, string>): () => Date {
  if (!env.CLOCK_START) return () => new Date();
  const start = Date.parse(env.CLOCK_START);
  const startedAt = Number(env.CLOCK_STARTED_AT ?? Date.now());
  const rate = Number(env.CLOCK_RATE ?? 1);
  return () => new Date(start + (Date.now() - startedAt) * rate);
}

/**
 * The break-glass token opens nothing but the first owner: the first operator call provisions one
 * through the real API (setup link, TOTP, sign-in, API token) and every later call uses its token.
 */
function opsClient(url: string, breakGlass: string, env: Record<string, string>): OpsClient {
  const key = env.DATABASE_URL || env.DATA_DIR || url;
  // Read now: without CLOCK_STARTED_AT the server's clock started about when it became ready.
  const now = serverNow(env);
  const token = () => {
    let owner = owners.get(key);
    if (!owner) {
      owner = provisionOperator(url, breakGlass, { login: 'process-owner', role: 'owner' }, now).then((o) => o.apiToken);
      owner.catch(() => owners.delete(key));
      owners.set(key, owner);
    }
    return owner;
  };
  const client = async () => {
    const apiToken = await token();
    return new HttpClient({ baseURL: `${url}/core/`, getToken: () => `Ops ${apiToken}` });
  };
  return {
    get: async (path, query) => (await client()).get(path, query),
    post: async (path, form) => (await client()).post(path, form),
  };
}

/** Sends `name` to the child, or to its whole process group (it must lead one: spawned detached). */
export function signal(child: ChildProcess, name: NodeJS.Signals, to: 'process' | 'group' = 'process'): void {
  if (to === 'process' || child.pid === undefined) child.kill(name);
  else process.kill(-child.pid, name);
}

export interface StartingCoreProcess {
  child: ChildProcess;
  output(): string;
  /** Resolves when the output matches (or rejects when the process exits first or `ms` pass). */
  printed(pattern: RegExp, ms?: number): Promise<void>;
  /** The exit code (null when a signal ended it). */
  exited: Promise<number | null>;
}

/** Starts main.ts without waiting for it to answer: for signals that arrive during start-up. */
export async function spawnCoreProcess(env: Record<string, string>, options: CoreProcessOptions = {}): Promise<StartingCoreProcess> {
  const { child, exited, output } = await spawnCore({ PORT: '0', ...env }, [], TSX_ENTRY, options);
  return { child, output, exited, printed: (pattern, ms = 120_000) => printed(child, output, pattern, ms) };
}

/** Waits for `pattern` in what the child printed: an event, not a guessed sleep. */
export function printed(child: ChildProcess, output: () => string, pattern: RegExp, ms = 120_000): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const check = () => {
      if (!pattern.test(output())) return;
      done();
      resolve();
    };
    const gone = (code: number | null) => {
      done();
      reject(new Error(`the process exited (${code}) before printing ${pattern}: ${output()}`));
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error(`not printed within ${ms} ms: ${pattern}: ${output()}`));
    }, ms);
    const done = () => {
      clearTimeout(timer);
      child.stdout?.off('data', later);
      child.stderr?.off('data', later);
      child.off('exit', gone);
    };
    // After the harness's own listener has kept the chunk.
    const later = () => setImmediate(check);
    child.stdout?.on('data', later);
    child.stderr?.on('data', later);
    child.once('exit', gone);
    check();
  });
}

/** Runs `apps/core/src/main.ts` with `env` as given (PORT included) until it exits: for start-ups meant to fail. */
export async function runCoreProcessToExit(
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<{ code: number | null; output: string }> {
  const { child, exited, output } = await spawnCore(env, []);
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const code = await exited;
  clearTimeout(timer);
  return { code, output: output() };
}

/** main.ts through tsx's loader; a benchmark may pass the esbuild bundle instead (what `npm start` runs). */
const TSX_ENTRY = ['--import', 'tsx', 'apps/core/src/main.ts'];

async function spawnCore(env: Record<string, string>, nodeArgs: string[], entry: string[] = TSX_ENTRY, options: CoreProcessOptions = {}) {
  const dataDir = env.DATA_DIR || (await mkdtemp(path.join(os.tmpdir(), 'prism-proc-')));
  if (!env.DATABASE_URL && !options.emptyDatabase) await withMigratedDatabase(dataDir);
  // node itself with tsx's loader (not the tsx CLI, which runs a grandchild that a SIGKILL would orphan).
  const child = spawn(process.execPath, [...nodeArgs, ...entry], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      SKIP_WEB: 'true',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      TEST_DB: '',
      ...env,
      PUBLIC_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.detached ?? false,
  });
  // Keep the end of the output (logs and errors): when a start fails, it says why.
  let output = '';
  let port: number | undefined;
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-64_000);
    port ??= Number(/Prism is running at http:\/\/[^\s:]+:(\d+)/.exec(output)?.[1]) || undefined;
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output, port: () => port };
}

/** Waits for the child's printed port, then for /core/health to answer 200. */
async function readyUrl(child: ChildProcess, portOf: () => number | undefined, output: () => string): Promise<string> {
  // Generous: on a loaded 2-core machine a cold start (TypeScript through tsx) can take a while.
  const deadline = Date.now() + 120_000;
  let lastError = 'no address printed yet';
  for (;;) {
    if (child.exitCode !== null) throw new Error(`core process exited with ${child.exitCode}: ${output()}`);
    const port = portOf();
    if (port) {
      try {
        const health = await fetch(`http://127.0.0.1:${port}/core/health`, { signal: AbortSignal.timeout(5_000) });
        if (health.ok) return `http://127.0.0.1:${port}`;
        lastError = `health answered ${health.status}`;
      } catch (error) {
        lastError = `health: ${(error as Error).message} ${String((error as { cause?: unknown }).cause ?? '')}`;
      }
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`core process did not start in 120 s (${lastError}): ${output() || '(no output)'}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Registers through another process's API, reading the code from its
 * developer outbox (/core/dev/outbox): for tests that cannot reach its clock or services.
 */
export async function registerThrough(api: TestApi, phone: string, password = 'secret123'): Promise<{ token: string; id: number }> {
  await api.post('/app/sms/sendSmsCodeNoAuth', { phone, type: 'register' });
  const outbox = await api.get<{ sms: { phone: string; text: string }[] }>('/dev/outbox');
  const code = outbox.result.sms.find((m) => m.phone === phone)?.text.match(/\d{6}/)?.[0] ?? '';
  const registered = await api.post<{ token: string }>('/app/auth/register', { phone, password, confirmPassword: password, code });
  if (registered.code !== 200) throw new Error(`register ${phone}: ${registered.message}`);
  const info = await api.get<{ id: number }>('/app/user/getUserInfo', {}, { token: registered.result.token });
  return { token: registered.result.token, id: info.result.id };
}

/**
 * A request the server holds in flight for as long as the test wants: a POST whose body is sent
 * in two parts. It resolves once the server has the request (it answered 100 Continue to the
 * headers); `finish()` sends the rest and returns the answer.
 */
export function heldRequest(
  url: string,
  route: string,
  payload: unknown,
): Promise<{ finish(): Promise<{ status: number; body: string }> }> {
  const body = Buffer.from(JSON.stringify(payload));
  const half = Math.floor(body.length / 2);
  return new Promise((resolveHeld, rejectHeld) => {
    const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(`${url}${route}`, {
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': String(body.length), expect: '100-continue' },
      });
      request.on('continue', () => {
        request.write(body.subarray(0, half));
        resolveHeld({
          finish: () => {
            request.end(body.subarray(half));
            return answered;
          },
        });
      });
      request.on('response', (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString();
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on('error', reject);
      });
      request.on('error', (error) => {
        reject(error);
        rejectHeld(error);
      });
      request.flushHeaders();
    });
    answered.catch(() => {});
  });
}
