import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type FakeBotApi, messageUpdate, testUser } from '@prism/bot/testing';
import type { SupportThread } from '@prism/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { type BotServer, provisionOperator, registerThrough, startBotServer, type TestApi } from '../../testing';

/** The operators' support group on a fake Bot API: each player is a forum topic, answers there reach the app. */
const GROUP = -1_001_234_567_890;
const AGENT = testUser({ id: 777_301, username: 'agent', first_name: 'Agent' });
const FINANCE = testUser({ id: 555_301, username: 'fin', first_name: 'Fin' });
const STRANGER = testUser({ id: 555_302, username: 'someone', first_name: 'Some' });

let fake: FakeBotApi;
let api: TestApi;
let server: BotServer;
let ownerToken: string;

beforeAll(async () => {
  server = await startBotServer(() => ({ SUPPORT_CHAT_ID: String(GROUP) }));
  ({ fake, api } = server);
  fake.addForum(GROUP);
  const breakGlass = (await readFile(path.join(server.dataDir, 'ops-token'), 'utf8')).trim();
  ownerToken = (await provisionOperator(api.baseUrl, breakGlass, { login: 'owner', role: 'owner' })).apiToken;
  await provisionOperator(api.baseUrl, ownerToken, { login: 'sam', role: 'support', telegramId: AGENT.id });
  await provisionOperator(api.baseUrl, ownerToken, { login: 'fin', role: 'finance', telegramId: FINANCE.id });
}, 150_000);
afterAll(() => server?.stop());

const thread = async (token: string) => (await api.get<SupportThread>('/app/support/messages', {}, { token })).result;
const inTopic = (threadId: number, test: (text: string) => boolean) =>
  fake.waitFor(
    (call) =>
      call.method === 'sendMessage' &&
      call.params.chat_id === GROUP &&
      call.params.message_thread_id === threadId &&
      test(String(call.params.text)),
  );
const until = async (check: () => Promise<boolean>) => {
  const deadline = Date.now() + 5_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe('the support group', () => {
  it("a player's messages go to their own topic, made once; an operator's answer there reaches the app and the player's chat", async () => {
    const player = await registerThrough(api, '9123430101');
    await server.running.db.execute(sql`update users set telegram_id = ${880_301} where id = ${player.id}`);
    expect((await api.post('/app/support/send', { text: 'Where is my withdrawal?' }, { token: player.token })).code).toBe(200);
    const created = await fake.waitFor('createForumTopic');
    expect(created.params.chat_id).toBe(GROUP);
    expect(String(created.params.name)).toMatch(new RegExp(`^#${player.id} `));
    const topic = (created.response as { result: { message_thread_id: number } }).result.message_thread_id;
    await inTopic(topic, (text) => text.includes('Where is my withdrawal?'));
    await api.post('/app/support/send', { text: 'Order 42' }, { token: player.token });
    await inTopic(topic, (text) => text.includes('Order 42'));
    expect(fake.calls.filter((call) => call.method === 'createForumTopic')).toHaveLength(1);

    // A stranger and a finance operator writing in the topic are ignored; the support operator answers.
    fake.pushUpdate(messageUpdate({ text: 'not an answer', from: STRANGER, chatId: GROUP, threadId: topic }));
    fake.pushUpdate(messageUpdate({ text: 'nor this', from: FINANCE, chatId: GROUP, threadId: topic }));
    fake.pushUpdate(messageUpdate({ text: 'It was paid this morning.', from: AGENT, chatId: GROUP, threadId: topic }));
    await until(async () => (await thread(player.token)).messages.some((m) => m.text === 'It was paid this morning.'));
    const texts = (await thread(player.token)).messages.map((m) => `${m.author}: ${m.text}`);
    expect(texts).toEqual(['player: Where is my withdrawal?', 'player: Order 42', 'operator: It was paid this morning.']);
    await fake.waitFor(
      (call) => call.method === 'sendMessage' && call.params.chat_id === 880_301 && String(call.params.text).includes('paid this morning'),
    );
    const [audit] = await queryRows<{ operator_login: string; via: string }>(
      server.running.db,
      sql`select operator_login, via from audit_log where action = 'support.reply'`,
    );
    expect(audit).toEqual({ operator_login: 'sam', via: 'bot' });
    // The answer is not copied back into the topic it came from.
    expect(fake.sent(GROUP).filter((m) => m.text?.includes('paid this morning'))).toHaveLength(0);

    // An answer from the console is copied into the topic, so the group sees the whole conversation.
    const list = await api.get<{ content: { id: number; userId: number }[] }>(
      '/admin/support/conversations',
      {},
      { headers: { Authorization: `Ops ${ownerToken}` } },
    );
    const id = list.result.content.find((c) => c.userId === player.id)?.id;
    await api.post(
      `/admin/support/conversations/${id}/reply`,
      { text: 'Anything else?' },
      { headers: { Authorization: `Ops ${ownerToken}` } },
    );
    await inTopic(topic, (text) => text === 'owner answered in the console:\nAnything else?');
  });

  it('without the right to make topics the message stays in the app; Telegram refuses like Telegram', async () => {
    fake.addForum(GROUP, { botCanManageTopics: false });
    const player = await registerThrough(api, '9123430102');
    expect((await api.post('/app/support/send', { text: 'hello' }, { token: player.token })).code).toBe(200);
    const refused = await fake.waitFor((call) => call.method === 'createForumTopic' && call.response?.ok === false);
    expect(refused.response).toMatchObject({ error_code: 400, description: 'Bad Request: not enough rights to create a topic' });
    expect((await thread(player.token)).messages.map((m) => m.text)).toEqual(['hello']);
  });
});
