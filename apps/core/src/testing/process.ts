import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { HttpClient } from '@prism/client';
import type { TestApi } from './harness';

export interface CoreProcess {
  url: string;
  /** The end of what the process printed (logs and errors). */
  output(): string;
  /** An operator client for /core/admin. */
  ops: HttpClient;
  child: ChildProcess;
  /** SIGKILL: no shutdown, no cleanup, as a crash. */
  crash(): Promise<void>;
  /** SIGTERM, then the exit code (null when a signal ended it). */
  stop(): Promise<number | null>;
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
): Promise<CoreProcess> {
  const opsToken = env.OPS_TOKEN ?? 'process-test-ops-token';
  const spawned = await spawnCore({ OPS_TOKEN: opsToken, ...env, PORT: '0' }, nodeArgs, entry);
  const { child, exited, output } = spawned;
  const url = await readyUrl(child, spawned.port, output);
  return {
    url,
    output,
    ops: new HttpClient({ baseURL: `${url}/core/`, getToken: () => `Ops ${opsToken}` }),
    child,
    async crash() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
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

async function spawnCore(env: Record<string, string>, nodeArgs: string[], entry: string[] = TSX_ENTRY) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'prism-proc-'));
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
