import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startFakeBotApi } from '@prism/bot/testing';
import { createLogger, loadConfig, startServer } from '@prism/core';
import { provisionOperator } from '@prism/core/testing';
import {
  E2E_BASE_URL,
  E2E_BOT_TOKEN,
  E2E_BREAK_GLASS_TOKEN,
  E2E_FAKE_BOT_PORT,
  E2E_OPERATOR_ID,
  E2E_OPS_TOKEN_FILE,
  E2E_PORT,
} from './constants';

/**
 * The server the browser tests drive: a fake Telegram Bot API and the real core
 * (API + built web app + bot) on a fresh embedded database. Started by Playwright.
 */
// A token file of an earlier run must not be read by this run's tests.
await rm(E2E_OPS_TOKEN_FILE, { force: true });
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
  // Printed in the test run's output (warn): what a test that ran out of time waited for.
  SLOW_REQUEST_MS: '1000',
  BOT_TOKEN: E2E_BOT_TOKEN,
  BOT_API_ROOT: fake.apiRoot,
  BOT_USERNAME: fake.botInfo.username,
  DEV_OUTBOX: 'true',
  OPS_TOKEN: E2E_BREAK_GLASS_TOKEN,
  OPERATOR_TELEGRAM_IDS: String(E2E_OPERATOR_ID),
  RATE_LIMIT_AUTH_PER_MINUTE: '10000',
  RATE_LIMIT_SMS_PER_MINUTE: '10000',
  RATE_LIMIT_GIFT_CODE_PER_MINUTE: '10000',
  RATE_LIMIT_GIVE_POWER_PER_MINUTE: '10000',
});
const running = await startServer(config, createLogger(config.LOG_LEVEL));
// Operators as a person would make them: the break-glass token bootstraps the owner, whose API token
// the tests use (E2E_OPS_TOKEN); a finance operator linked to the Telegram operator reviews in the bot.
const owner = await provisionOperator(E2E_BASE_URL, E2E_BREAK_GLASS_TOKEN, { login: 'e2e-owner', role: 'owner' });
await provisionOperator(E2E_BASE_URL, owner.apiToken, { login: 'e2e-finance', role: 'finance', telegramId: E2E_OPERATOR_ID });
await writeFile(E2E_OPS_TOKEN_FILE, `${owner.apiToken}\n`, { mode: 0o600 });
process.stdout.write(`e2e server at ${running.url} (data ${dataDir}, fake Bot API ${fake.apiRoot})\n`);

// PGlite runs its queries on this thread: a long one delays every answer while no single request is
// slow. Stalls over a second are printed beside the slow answers, so a browser test that ran out of
// time says what the server was doing.
const TICK_MS = 250;
let lastTick = performance.now();
setInterval(() => {
  const now = performance.now();
  if (now - lastTick > TICK_MS + 1_000) process.stdout.write(`e2e server: event loop stalled ${Math.round(now - lastTick - TICK_MS)} ms\n`);
  lastTick = now;
}, TICK_MS).unref();

const stop = async () => {
  await running.stop();
  await fake.stop();
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
