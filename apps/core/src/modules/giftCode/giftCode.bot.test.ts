import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type FakeBotApi, messageUpdate, startFakeBotApi, testUser } from '@prism/bot/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { silentLogger } from '../../platform/logger';
import { type RunningServer, startServer } from '../../server';
import { registerThrough, TestApi } from '../../testing';

/** /giftcode through a real server and the bot on a fake Bot API: operators create codes users can redeem. */
const OPERATOR = testUser({ id: 777_101, username: 'ops_gift', first_name: 'Gift' });
const STRANGER = testUser({ id: 555_101, username: 'not_ops', first_name: 'Not' });

let fake: FakeBotApi;
let running: RunningServer;
let api: TestApi;
let dataDir: string;

beforeAll(async () => {
  fake = await startFakeBotApi();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'prism-gift-bot-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SKIP_WEB: 'true',
    DEV_OUTBOX: 'true',
    BOT_TOKEN: fake.token,
    BOT_API_ROOT: fake.apiRoot,
    OPERATOR_TELEGRAM_IDS: String(OPERATOR.id),
    RATE_LIMIT_AUTH_PER_MINUTE: '1000',
    RATE_LIMIT_SMS_PER_MINUTE: '1000',
  });
  running = await startServer(config, silentLogger);
  api = new TestApi(`http://127.0.0.1:${(running.server.address() as { port: number }).port}`);
}, 60_000);

afterAll(async () => {
  await running?.stop();
  await fake?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const say = (text: string, from = OPERATOR) => fake.pushUpdate(messageUpdate({ text, from }));
const replyTo = (chatId: number, test: (text: string) => boolean) =>
  fake.waitFor((call) => call.method === 'sendMessage' && call.params.chat_id === chatId && test(String(call.params.text)));

describe('/giftcode', () => {
  it('an operator creates a code in the chat, and a user redeems it', async () => {
    say('/giftcode 2.50 cash 3 7');
    const created = await replyTo(OPERATOR.id, (t) => t.startsWith('Gift code '));
    const text = String(created.params.text);
    expect(text).toMatch(/^Gift code [2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}: 2\.50 CASH, 3 use\(s\), once per user, until /);
    const code = text.split(' ')[2]?.replace(':', '') ?? '';

    const user = await registerThrough(api, '9123400101');
    const redeemed = await api.post<{ amount: string }>('/app/giftCode/redeem', { code }, { token: user.token });
    expect(redeemed).toMatchObject({ code: 200, result: { amount: '2.50' } });
  });

  it('explains its usage and refuses nonsense and non-operators', async () => {
    say('/giftcode');
    await replyTo(OPERATOR.id, (t) => t.startsWith('Usage: /giftcode'));
    say('/giftcode -1 CASH');
    await replyTo(OPERATOR.id, (t) => t.startsWith('The amount must be a positive number'));
    say('/giftcode 1 EUR');
    await replyTo(OPERATOR.id, (t) => t.startsWith('Unknown asset EUR.'));
    say('/giftcode 1 CASH 5', STRANGER);
    await replyTo(STRANGER.id, (t) => t === 'Only operators can do this.');
  });
});
