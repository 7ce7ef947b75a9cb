import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type FakeBotApi, messageUpdate, testUser } from '@prism/bot/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { type BotServer, provisionOperator, registerThrough, startBotServer, type TestApi } from '../../testing';

/** /giftcode through a real server and the bot on a fake Bot API: operators create codes users can redeem. */
const OPERATOR = testUser({ id: 777_101, username: 'ops_gift', first_name: 'Gift' });
const STRANGER = testUser({ id: 555_101, username: 'not_ops', first_name: 'Not' });
const WRONG_ROLE = testUser({ id: 555_102, username: 'fin_ops', first_name: 'Fin' });

let fake: FakeBotApi;
let api: TestApi;
let server: BotServer;

beforeAll(async () => {
  server = await startBotServer(() => ({}));
  ({ fake, api } = server);
  await provisionOperators();
}, 60_000);
/**
 * Operators as the console makes them: the break-glass token bootstraps an owner, who creates a
 * games operator linked to OPERATOR's Telegram id and a finance operator linked to WRONG_ROLE's.
 */
async function provisionOperators(): Promise<void> {
  const breakGlass = (await readFile(path.join(server.dataDir, 'ops-token'), 'utf8')).trim();
  const owner = await provisionOperator(api.baseUrl, breakGlass, { login: 'owner', role: 'owner' });
  await provisionOperator(api.baseUrl, owner.apiToken, { login: 'gus', role: 'games', telegramId: OPERATOR.id });
  await provisionOperator(api.baseUrl, owner.apiToken, { login: 'fin', role: 'finance', telegramId: WRONG_ROLE.id });
}

/** The audit rows the bot wrote for this action. */
const botAudits = (action: string) =>
  queryRows<{ operator_login: string; via: string }>(
    server.running.db,
    sql`select operator_login, via from audit_log where action = ${action} order by id`,
  );

afterAll(() => server?.stop());

const say = (text: string, from = OPERATOR) => fake.pushUpdate(messageUpdate({ text, from }));
const replyTo = (chatId: number, test: (text: string) => boolean) =>
  fake.waitFor((call) => call.method === 'sendMessage' && call.params.chat_id === chatId && test(String(call.params.text)));

describe('/giftcode', () => {
  it('an operator creates a code in the chat, and a user redeems it', async () => {
    say('/giftcode 2.50 cash 3 7');
    const created = await replyTo(OPERATOR.id, (t) => t.startsWith('Gift code '));
    const text = String(created.params.text);
    expect(text).toMatch(/^Gift code [2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}: 2\.50 CASH, 3 uses, once per user, until /);
    const code = text.split(' ')[2]?.replace(':', '') ?? '';

    const user = await registerThrough(api, '9123400101');
    const redeemed = await api.post<{ amount: string }>('/app/giftCode/redeem', { code }, { token: user.token });
    expect(redeemed).toMatchObject({ code: 200, result: { amount: '2.50' } });
    expect(await botAudits('giftCode.create')).toEqual([{ operator_login: 'gus', via: 'bot' }]);
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
    // A finance operator's Telegram is linked, but gift codes belong to the games role.
    say('/giftcode 1 CASH 5', WRONG_ROLE);
    await replyTo(WRONG_ROLE.id, (t) => t === 'Only operators can do this.');
    expect(await botAudits('giftCode.create')).toHaveLength(1);
  });
});
