import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type FakeBotApi, startFakeBotApi } from '@prism/bot/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { pgliteDirOf } from './db/client';
import { runCoreProcessToExit, signal, spawnCoreProcess, startCoreProcess } from './testing';

/** Start-up and shutdown of the real process (`node apps/core/src/main.ts`), as an operator would see them. */
let fake: FakeBotApi | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  await fake?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  fake = undefined;
  dataDir = undefined;
});

describe('the core process', () => {
  it('on a port already in use: exits non-zero at once, says why, and starts nothing', async () => {
    fake = await startFakeBotApi();
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as { port: number }).port;
    try {
      const began = Date.now();
      const run = await runCoreProcessToExit(
        { PORT: String(port), BOT_TOKEN: fake.token, BOT_API_ROOT: fake.apiRoot, LOG_LEVEL: 'info' },
        25_000,
      );
      expect(run.code).toBe(1);
      expect(run.output).toContain(`Prism failed to start: Port ${port} is already in use on 127.0.0.1`);
      expect(run.output).not.toMatch(/Prism is running|prism ready|maintenance|singleton/);
      expect(fake.calls).toEqual([]); // not even getMe: no bot, no job
      expect(Date.now() - began).toBeLessThan(30_000);
    } finally {
      taken.close();
    }
  }, 60_000);

  it('refuses a second instance on its data folder; SIGTERM after the Bot API went away: exit 0, the database closed', async () => {
    fake = await startFakeBotApi();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'prism-life-'));
    const core = await startCoreProcess({
      DATA_DIR: dataDir,
      BOT_TOKEN: fake.token,
      BOT_API_ROOT: fake.apiRoot,
      LOG_LEVEL: 'info',
      GAME_TICK_MS: '0',
    });
    // A second instance on the same data folder (any port) must not open the embedded database.
    const second = await runCoreProcessToExit({ DATA_DIR: dataDir, PORT: '0' }, 25_000);
    expect(second.code).toBe(1);
    expect(second.output).toContain(`Prism failed to start: The embedded database in ${dataDir} is in use by process ${core.child.pid}`);

    for (let i = 0; i < 500 && !fake.calls.some((call) => call.method === 'getUpdates'); i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    await fake.stop(); // Telegram unreachable: polling fails, and so would bot.stop()'s last getUpdates
    fake = undefined;
    await new Promise((resolve) => setTimeout(resolve, 500));

    const began = Date.now();
    const code = await core.stop();
    expect({ code, output: code === 0 ? '' : core.output() }).toEqual({ code: 0, output: '' });
    expect(Date.now() - began).toBeLessThan(15_000);
    expect(core.output()).toMatch(/"step":"singleton jobs".*shutdown step failed|stopping bot polling: Telegram not reachable/);
    expect(core.output()).toMatch(/"failed":\[[^\]]*\],"clean":true,"msg":"stopped"/);

    expect(existsSync(path.join(dataDir, 'prism.lock'))).toBe(false); // released
    // Closed properly: the embedded database opens again with its data.
    const reopened = new PGlite(pgliteDirOf(dataDir));
    const rows = await reopened.query<{ n: number }>('select count(*)::int as n from game_levels');
    expect(rows.rows[0]?.n).toBeGreaterThan(0);
    await reopened.close();
  }, 120_000); // a cold start of the embedded database is slow on a loaded machine

  it('SIGTERM during start-up (migrating): the start finishes, then one graceful shutdown, exit 0, the database closed', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'prism-life-'));
    const starting = await spawnCoreProcess(
      { DATA_DIR: dataDir, LOG_LEVEL: 'debug', GAME_TICK_MS: '0' },
      { detached: true, emptyDatabase: true },
    );
    try {
      await starting.printed(/"msg":"database open; migrating"/);
      // Twice, as a supervisor's group signal and a parent's forwarded one arrive: still one shutdown.
      signal(starting.child, 'SIGTERM', 'group');
      signal(starting.child, 'SIGTERM', 'group');
      const code = await starting.exited;
      expect({ code, output: code === 0 ? '' : starting.output() }).toEqual({ code: 0, output: '' });
      expect(starting.output()).toMatch(/"failed":\[\],"clean":true,"msg":"stopped"/);
      expect(existsSync(path.join(dataDir, 'prism.lock'))).toBe(false);
    } finally {
      if (starting.child.exitCode === null && starting.child.signalCode === null) signal(starting.child, 'SIGKILL', 'group');
    }
  }, 120_000);
});
