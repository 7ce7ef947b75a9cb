import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type FakeBotApi, messageUpdate, startFakeBotApi } from '@prism/bot/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { silentLogger } from './platform/logger';
import { startServer } from './server';
import { provisionOperator } from './testing/operators';

let dataDir: string;
let fake: FakeBotApi;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'prism-server-'));
  fake = await startFakeBotApi();
});
afterAll(async () => {
  await fake.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const config = () =>
  loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SKIP_WEB: 'true',
    BOT_TOKEN: fake.token,
    BOT_API_ROOT: fake.apiRoot,
    MINI_APP_URL: 'https://prism.example/',
  });

describe('the whole server process', () => {
  it('creates the embedded database on first start, keeps data across a restart, and runs the bot', async () => {
    const first = await startServer(config(), silentLogger);
    const address = first.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/core`;
    try {
      expect(await (await fetch(`${base}/health`)).json()).toMatchObject({ code: 200 });
      await fake.waitFor('setMyCommands');
      // An invitation code that belongs to no account is not passed on (the bot checks it with core).
      fake.pushUpdate(messageUpdate({ text: '/start ABCD2345' }));
      const reply = await fake.waitFor('sendMessage');
      expect(JSON.stringify(reply.params.reply_markup)).toContain('"web_app":{"url":"https://prism.example/"}');
      expect(reply.params.text).toContain('The invitation code ABCD2345 does not exist');
      // The generated break-glass token (DATA_DIR/ops-token) makes the first owner, and only that.
      const breakGlass = (await readFile(path.join(dataDir, 'ops-token'), 'utf8')).trim();
      const setting = (token: string) =>
        fetch(`${base}/admin/config`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', Authorization: `Ops ${token}` },
          body: new URLSearchParams({ key: 'CUSTOMER_SERVICE_URL', value: 'https://t.me/kept' }),
        }).then(async (answer) => ((await answer.json()) as { code: number }).code);
      expect(await setting(breakGlass)).toBe(403);
      const owner = await provisionOperator(base.replace(/\/core$/, ''), breakGlass, { login: 'owner', role: 'owner' });
      expect(await setting(owner.apiToken)).toBe(200);
    } finally {
      await first.stop();
    }

    const second = await startServer(config(), silentLogger);
    try {
      const port = (second.server.address() as { port: number }).port;
      const answer = (await (
        await fetch(`http://127.0.0.1:${port}/core/app/config/getSysCfgValue?sysCfgKeyEnum=CUSTOMER_SERVICE_URL`)
      ).json()) as {
        result: string;
      };
      expect(answer.result).toBe('https://t.me/kept');
    } finally {
      await second.stop();
    }
  }, 60_000);
});
