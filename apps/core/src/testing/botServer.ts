import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type FakeBotApi, startFakeBotApi } from '@prism/bot/testing';
import { loadConfig } from '../config';
import { silentLogger } from '../platform/logger';
import { type RunningServer, startServer } from '../server';
import { TestApi } from './harness';

export interface BotServer {
  fake: FakeBotApi;
  running: RunningServer;
  api: TestApi;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * The whole server as `npm start` runs it (embedded database in its own data
 * folder), with the bot talking to a fresh fake Bot API: for tests of bot flows.
 * `env` may read the fake (its token and bot username are only known once it runs).
 */
export async function startBotServer(env: (fake: FakeBotApi) => Record<string, string> = () => ({})): Promise<BotServer> {
  const fake = await startFakeBotApi();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'prism-bot-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SKIP_WEB: 'true',
    DEV_OUTBOX: 'true',
    BOT_TOKEN: fake.token,
    BOT_API_ROOT: fake.apiRoot,
    RATE_LIMIT_AUTH_PER_MINUTE: '1000',
    RATE_LIMIT_SMS_PER_MINUTE: '1000',
    ...env(fake),
  });
  const running = await startServer(config, silentLogger);
  return {
    fake,
    running,
    dataDir,
    api: new TestApi(`http://127.0.0.1:${(running.server.address() as { port: number }).port}`),
    async stop() {
      await running.stop();
      await fake.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
