import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type FakeBotApi, startFakeBotApi } from '@prism/bot/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { type CoreProcess, heldRequest, printed, signal, startCoreProcess, withMigratedDatabase } from './testing';

/**
 * grammY costs the process about 4 MB of heap: core loads it (through `@prism/bot/grammy`) only
 * when the bot runs. A module hook in the child process writes down every module of grammY it
 * resolves; the second case shows that the hook sees grammY when it is loaded.
 */
/** What scripts/start.mjs must pass to node for the core process on embedded PGlite (docs/performance.md, "V8 flags"). */
const START_FLAGS = ['--max-semi-space-size=2'];

let dir: string | undefined;
let core: CoreProcess | undefined;
let fake: FakeBotApi | undefined;

afterEach(async () => {
  await core?.stop();
  await fake?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
  core = undefined;
  fake = undefined;
  dir = undefined;
});

const HOOKS = `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  if (/[\\\\/]node_modules[\\\\/]grammy[\\\\/]/.test(resolved.url)) appendFileSync(process.env.GRAMMY_PROBE_FILE, resolved.url + '\\n');
  return resolved;
}
`;

/** Writes the hook into a fresh folder: `--import <register>` installs it; `loaded()` lists grammY's modules seen. */
async function probe(): Promise<{ register: string; probeFile: string; loaded: () => Promise<string[]> }> {
  dir = await mkdtemp(path.join(os.tmpdir(), 'prism-grammy-'));
  const probeFile = path.join(dir, 'grammy.txt');
  await writeFile(path.join(dir, 'hooks.mjs'), HOOKS);
  const register = path.join(dir, 'register.mjs');
  await writeFile(
    register,
    `import { register } from 'node:module';\nregister(${JSON.stringify(new URL(`file://${path.join(dir, 'hooks.mjs')}`).href)});\n`,
  );
  return {
    register,
    probeFile,
    loaded: async () => (existsSync(probeFile) ? (await readFile(probeFile, 'utf8')).split('\n').filter(Boolean) : []),
  };
}

/** Starts core (main.ts through tsx) with the hook. */
async function startProbed(env: Record<string, string>): Promise<{ loaded: () => Promise<string[]> }> {
  const hook = await probe();
  core = await startCoreProcess({ DATA_DIR: path.join(dir ?? '', 'data'), GRAMMY_PROBE_FILE: hook.probeFile, GAME_TICK_MS: '0', ...env }, [
    '--import',
    hook.register,
  ]);
  return hook;
}

describe('grammY in the core process', () => {
  it('is not loaded without BOT_TOKEN, also after a sandbox /start answer (answerStart is grammY-free)', async () => {
    const probe = await startProbed({ DEV_OUTBOX: 'true' });
    const started = await fetch(`${core?.url}/core/dev/telegram/start`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ start: 'ABCDEFGH', telegramId: 12345, firstName: 'Ann' }),
    });
    expect(started.status).toBe(200);
    expect(await probe.loaded()).toEqual([]);
  }, 120_000);

  it('is loaded when the bot runs (BOT_TOKEN), and the bot answers', async () => {
    fake = await startFakeBotApi();
    const probe = await startProbed({ BOT_TOKEN: fake.token, BOT_API_ROOT: fake.apiRoot });
    expect((await probe.loaded()).some((url) => url.includes('/grammy/'))).toBe(true);
    for (let i = 0; i < 500 && !fake.calls.some((call) => call.method === 'getUpdates'); i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fake.calls.map((call) => call.method)).toContain('getUpdates');
  }, 120_000);
});

/**
 * `npm start` is npm -> node scripts/start.mjs -> node server, in one process group. Started here as
 * its own group (detached) on a fresh data folder. (In this file, beside the test above: start.mjs
 * rebuilds the core bundle when it is stale, which two test files must not do at once.)
 */
async function startWrapper() {
  const root = path.resolve(import.meta.dirname, '../../..');
  dir = await mkdtemp(path.join(os.tmpdir(), 'prism-start-'));
  await withMigratedDatabase(path.join(dir, 'data'));
  const { BOT_TOKEN: _unset, ...environment } = process.env;
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...environment,
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      SKIP_WEB: 'true',
      // debug: the shutdown steps are logged, so the test knows when the HTTP server is closing.
      LOG_LEVEL: 'debug',
      DATA_DIR: path.join(dir, 'data'),
      DATABASE_URL: '',
      TEST_DB: '',
      GAME_TICK_MS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const out = () => output;
  await printed(child, out, /Prism is running at http:\/\/[^\s:]+:\d+/, 110_000);
  const port = /Prism is running at http:\/\/[^\s:]+:(\d+)/.exec(output)?.[1];
  return { child, output: out, exited, url: `http://127.0.0.1:${port}`, dataDir: path.join(dir, 'data') };
}

/** SIGTERM twice (to the group, or to the wrapper alone) with a request in flight: one graceful shutdown. */
async function stopsGracefully(to: 'process' | 'group'): Promise<void> {
  const start = await startWrapper();
  try {
    const held = await heldRequest(start.url, '/core/app/auth/login', { phone: '8100000077', password: 'not-the-password' });
    signal(start.child, 'SIGTERM', to);
    await printed(start.child, start.output, /"msg":"stopping"/, 30_000);
    // Again, once the first is being handled: npm forwards its own copy too, or a supervisor repeats it
    // (two signals sent at once may merge into one delivery, which would hide the bug).
    signal(start.child, 'SIGTERM', to);
    // The jobs are stopped and the HTTP server is next (it closes right after this line): the request
    // is still in flight while the server closes, and must be answered in full, the database still open.
    await printed(start.child, start.output, /"step":"game scheduler"[^\n]*"msg":"shutdown step done"/, 30_000);
    const answer = await held.finish();
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ code: expect.any(Number), message: expect.any(String) });
    const code = await start.exited;
    expect({ code, output: code === 0 ? '' : start.output() }).toEqual({ code: 0, output: '' });
    expect(start.output()).not.toMatch(/second signal|did not finish in time/);
    expect(start.output().match(/"msg":"stopping"/g)).toHaveLength(1);
    expect(start.output()).toMatch(/"failed":\[\],"clean":true,"msg":"stopped"/);
    expect(existsSync(path.join(start.dataDir, 'prism.lock'))).toBe(false); // the database closed, the folder released
  } finally {
    if (start.child.exitCode === null && start.child.signalCode === null) signal(start.child, 'SIGKILL', 'group');
  }
}

describe('npm start (scripts/start.mjs)', () => {
  it('SIGTERM to its whole process group (as systemd and Docker send it), repeated: one graceful shutdown, the request in flight answered, exit 0', async () => {
    await stopsGracefully('group');
  }, 150_000);

  it('SIGTERM to the wrapper alone, repeated: passed on once, the same graceful shutdown, exit 0', async () => {
    await stopsGracefully('process');
  }, 150_000);

  it('runs the core bundle with the V8 flags and malloc arenas chosen for memory, without grammY when BOT_TOKEN is unset', async () => {
    const hook = await probe();
    await withMigratedDatabase(path.join(hook.register, '..', 'data'));
    const root = path.resolve(import.meta.dirname, '../../..');
    const { BOT_TOKEN: _unset, ...environment } = process.env;
    const start = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: root,
      env: {
        ...environment,
        NODE_ENV: 'test',
        PORT: '0',
        HOST: '127.0.0.1',
        SKIP_WEB: 'true',
        LOG_LEVEL: 'error',
        DATA_DIR: path.join(hook.register, '..', 'data'),
        DATABASE_URL: '',
        TEST_DB: '',
        GAME_TICK_MS: '0',
        GRAMMY_PROBE_FILE: hook.probeFile,
        // Reaches the core process through start.mjs's environment, like any NODE_OPTIONS.
        NODE_OPTIONS: `--import ${hook.register}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<void>((resolve) => start.once('exit', () => resolve()));
    try {
      let output = '';
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`npm start did not start in 110 s: ${output}`)), 110_000);
        const keep = (chunk: Buffer) => {
          output += chunk.toString();
          if (/Prism is running at/.test(output)) {
            clearTimeout(timer);
            resolve();
          }
        };
        start.stdout.on('data', keep);
        start.stderr.on('data', keep);
        start.once('exit', (code) => reject(new Error(`npm start exited with ${code}: ${output}`)));
      });
      const corePid = Number(readFileSync(`/proc/${start.pid}/task/${start.pid}/children`, 'utf8').trim().split(/\s+/)[0]);
      const argv = readFileSync(`/proc/${corePid}/cmdline`, 'utf8').split('\0');
      // Exactly these flags between node and the bundle (argv ends with the bundle and an empty string).
      expect(argv.slice(1, -2)).toEqual(START_FLAGS);
      expect(argv.at(-2)).toBe(path.join('apps', 'core', 'dist', 'main.mjs'));
      expect(readFileSync(`/proc/${corePid}/environ`, 'utf8').split('\0')).toContain('MALLOC_ARENA_MAX=2');
      expect(await hook.loaded()).toEqual([]);
    } finally {
      start.kill('SIGTERM');
      await exited;
    }
  }, 120_000);
});
