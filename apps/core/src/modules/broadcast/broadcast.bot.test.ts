import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type FakeBotApi, messageUpdate, testUser } from '@prism/bot/testing';
import type { Paged, SysMessage } from '@prism/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { type BotServer, provisionOperator, registerThrough, startBotServer, type TestApi } from '../../testing';

/** /broadcast through a real server and the bot on a fake Bot API: every list gets it, linked chats get it once. */
const OPERATOR = testUser({ id: 777_201, username: 'ops_cast', first_name: 'Cast' });
const STRANGER = testUser({ id: 555_201, username: 'not_ops', first_name: 'Not' });
const WRONG_ROLE = testUser({ id: 555_202, username: 'fin_ops', first_name: 'Fin' });
const LINKED_CHAT = 666_201;

let fake: FakeBotApi;
let api: TestApi;
let server: BotServer;

beforeAll(async () => {
  server = await startBotServer(() => ({ BROADCAST_POLL_MS: '200' }));
  ({ fake, api } = server);
  await provisionOperators();
}, 60_000);
/**
 * Operators as the console makes them: the break-glass token bootstraps an owner, who creates a
 * content operator linked to OPERATOR's Telegram id and a finance operator linked to WRONG_ROLE's.
 */
async function provisionOperators(): Promise<void> {
  const breakGlass = (await readFile(path.join(server.dataDir, 'ops-token'), 'utf8')).trim();
  const owner = await provisionOperator(api.baseUrl, breakGlass, { login: 'owner', role: 'owner' });
  await provisionOperator(api.baseUrl, owner.apiToken, { login: 'cora', role: 'content', telegramId: OPERATOR.id });
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
const sentTo = (chatId: number, test: (text: string) => boolean, timeoutMs?: number) =>
  fake.waitFor((call) => call.method === 'sendMessage' && call.params.chat_id === chatId && test(String(call.params.text)), timeoutMs);

describe('/broadcast', () => {
  it('an operator broadcasts; every user list has it and a linked chat gets it once', async () => {
    const linked = await registerThrough(api, '9123400201');
    const other = await registerThrough(api, '9123400202');
    await server.running.db.execute(sql`update users set telegram_id = ${LINKED_CHAT} where id = ${linked.id}`);

    say('/broadcast New season\nThe new season starts on Monday.');
    const reply = await sentTo(OPERATOR.id, (t) => t.startsWith('Broadcast #'));
    expect(String(reply.params.text)).toBe('Broadcast #1 posted to 2 users; 1 Telegram chat will get it.');

    const copy = await sentTo(LINKED_CHAT, () => true, 5_000);
    expect(copy.params.text).toBe('New season\n\nThe new season starts on Monday.');
    for (const user of [linked, other]) {
      const list = await api.get<Paged<SysMessage> & { unread: number }>('/app/sysMessage/findUserMsgList', {}, { token: user.token });
      expect(list.result.content).toEqual([expect.objectContaining({ title: 'New season', content: 'The new season starts on Monday.' })]);
      expect(list.result.unread).toBe(1);
    }
    await new Promise((resolve) => setTimeout(resolve, 600)); // a few more job runs: still once
    expect(fake.calls.filter((c) => c.method === 'sendMessage' && c.params.chat_id === LINKED_CHAT)).toHaveLength(1);
    expect(await botAudits('broadcast.create')).toEqual([{ operator_login: 'cora', via: 'bot' }]);
  });

  it('explains its usage and refuses non-operators and operators whose role does not manage content', async () => {
    say('/broadcast');
    await sentTo(OPERATOR.id, (t) => t.startsWith('Usage: /broadcast'));
    say('/broadcast hello', STRANGER);
    await sentTo(STRANGER.id, (t) => t === 'Only operators can do this.');
    say('/broadcast hello', WRONG_ROLE);
    await sentTo(WRONG_ROLE.id, (t) => t === 'Only operators can do this.');
    expect(await botAudits('broadcast.create')).toHaveLength(1);
  });
});
