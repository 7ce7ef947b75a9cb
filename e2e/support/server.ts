import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startFakeBotApi } from '@prism/bot/testing';
import { createLogger, loadConfig, startServer } from '@prism/core';
import { E2E_BOT_TOKEN, E2E_FAKE_BOT_PORT, E2E_OPERATOR_ID, E2E_OPS_TOKEN, E2E_PORT } from './constants';

/**
 * The server the browser tests drive: a fake Telegram Bot API and the real core
 * (API + built web app + bot) on a fresh embedded database. Started by Playwright.
 */
const fake = await startFakeBotApi({ token: E2E_BOT_TOKEN, port: E2E_FAKE_BOT_PORT });
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'prism-e2e-'));
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'test',
  PORT: String(E2E_PORT),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  BOT_TOKEN: E2E_BOT_TOKEN,
  BOT_API_ROOT: fake.apiRoot,
  BOT_USERNAME: fake.botInfo.username,
  DEV_OUTBOX: 'true',
  OPS_TOKEN: E2E_OPS_TOKEN,
  OPERATOR_TELEGRAM_IDS: String(E2E_OPERATOR_ID),
  RATE_LIMIT_AUTH_PER_MINUTE: '10000',
  RATE_LIMIT_SMS_PER_MINUTE: '10000',
  RATE_LIMIT_GIFT_CODE_PER_MINUTE: '10000',
  RATE_LIMIT_GIVE_POWER_PER_MINUTE: '10000',
});
const running = await startServer(config, createLogger(config.LOG_LEVEL));
process.stdout.write(`e2e server at ${running.url} (data ${dataDir}, fake Bot API ${fake.apiRoot})\n`);

const stop = async () => {
  await running.stop();
  await fake.stop();
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
