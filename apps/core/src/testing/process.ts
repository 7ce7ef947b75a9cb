import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { HttpClient } from '@prism/client';
import type { TestApi } from './harness';

export interface CoreProcess {
  url: string;
  /** An operator client for /core/admin. */
  ops: HttpClient;
  child: ChildProcess;
  /** SIGKILL: no shutdown, no cleanup, as a crash. */
  crash(): Promise<void>;
  stop(): Promise<void>;
}

let nextPort = 41_000 + (process.pid % 1000) * 10;

/** Starts `apps/core/src/main.ts` as a real child process and waits until it answers. */
export async function startCoreProcess(env: Record<string, string>, nodeArgs: string[] = []): Promise<CoreProcess> {
  const port = nextPort++;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'prism-proc-'));
  const opsToken = env.OPS_TOKEN ?? 'process-test-ops-token';
  // node itself with tsx's loader (not the tsx CLI, which runs a grandchild that a SIGKILL would orphan).
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'apps/core/src/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      SKIP_WEB: 'true',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      OPS_TOKEN: opsToken,
      TEST_DB: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Keep the end of the output (logs and errors): when a start fails, it says why.
  let stderr = '';
  const keep = (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  // Generous: on a loaded 2-core machine a cold start (TypeScript through tsx) can take a while.
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`core process exited with ${child.exitCode}: ${stderr}`);
    try {
      if ((await fetch(`${url}/core/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`core process did not start in 120 s: ${stderr || '(no output)'}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    ops: new HttpClient({ baseURL: `${url}/core/`, getToken: () => `Ops ${opsToken}` }),
    child,
    async crash() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
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
