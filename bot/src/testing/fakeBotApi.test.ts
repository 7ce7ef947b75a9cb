import { Api, GrammyError } from 'grammy';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeApiError, type FakeBotApi, type FakeBotApiOptions, startFakeBotApi } from './fakeBotApi';
import { callbackQueryUpdate, messageUpdate, testUser } from './updates';

let fake: FakeBotApi;

async function start(options: FakeBotApiOptions = {}): Promise<Api> {
  fake = await startFakeBotApi(options);
  return new Api(fake.token, { apiRoot: fake.apiRoot });
}

afterEach(async () => {
  await fake?.stop();
});

/** Waits until the fake has received (not answered) a call, e.g. a long poll that now waits. */
async function received(method: string): Promise<void> {
  for (let i = 0; i < 200 && !fake.calls.some((call) => call.method === method); i++) await new Promise((r) => setTimeout(r, 5));
}

describe('fake Bot API: HTTP surface', () => {
  it('answers getMe with the configured bot for the right token only', async () => {
    const api = await start({ token: '4242:secret-token', botInfo: { username: 'other_bot' } });
    await expect(api.getMe()).resolves.toMatchObject({ id: 4242, username: 'other_bot', is_bot: true });

    const wrong = await fetch(`${fake.apiRoot}/bot4242:not-the-token/getMe`);
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ ok: false, error_code: 401, description: 'Unauthorized' });
    expect(fake.calls.map((call) => [call.method, call.response?.ok])).toEqual([
      ['getMe', true],
      ['getMe', false],
    ]);
  });

  it('answers 404 for unknown methods and paths', async () => {
    await start();
    const unknown = await fetch(`${fake.apiRoot}/bot${fake.token}/sendTelepathy`, { method: 'POST' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ ok: false, error_code: 404, description: 'Not Found' });
    expect((await fetch(`${fake.apiRoot}/elsewhere`)).status).toBe(404);
    expect(fake.calls.at(-1)).toMatchObject({ method: 'sendTelepathy', response: { ok: false, error_code: 404 } });
  });

  it('reads urlencoded, multipart and query-string parameters, JSON fields included', async () => {
    await start();
    const markup = { inline_keyboard: [[{ text: 'Go', callback_data: 'go' }]] };
    const form = new URLSearchParams({ chat_id: '5', text: 'hello', reply_markup: JSON.stringify(markup) });
    const urlencoded = await fetch(`${fake.apiRoot}/bot${fake.token}/sendMessage`, { method: 'POST', body: form });
    expect(await urlencoded.json()).toMatchObject({ ok: true, result: { chat: { id: 5 }, text: 'hello', reply_markup: markup } });

    const multipart = new FormData();
    multipart.append('chat_id', '5');
    multipart.append('text', 'with a file');
    multipart.append('attachment', new Blob(['abc'], { type: 'text/plain' }), 'a.txt');
    await fetch(`${fake.apiRoot}/bot${fake.token}/sendMessage`, { method: 'POST', body: multipart });
    await fetch(`${fake.apiRoot}/bot${fake.token}/sendMessage?chat_id=5&text=by%20query`);

    expect(fake.calls.map((call) => call.params)).toEqual([
      { chat_id: '5', text: 'hello', reply_markup: markup },
      { chat_id: '5', text: 'with a file', attachment: { file_name: 'a.txt', mime_type: 'text/plain', size: 3 } },
      { chat_id: '5', text: 'by query' },
    ]);
    expect(fake.sent(5).map((message) => [message.message_id, message.text])).toEqual([
      [1, 'hello'],
      [2, 'with a file'],
      [3, 'by query'],
    ]);
  });
});

describe('fake Bot API: getUpdates', () => {
  it('delivers a pushed update to a waiting long poll at once', async () => {
    const api = await start();
    const began = Date.now();
    const poll = api.getUpdates({ timeout: 20 });
    await received('getUpdates');
    const pushed = fake.pushUpdate(messageUpdate({ text: 'hi' }));
    const updates = await poll;
    expect(updates).toEqual([pushed]);
    expect(updates[0]?.message?.text).toBe('hi');
    expect(Date.now() - began).toBeLessThan(2_000);
  });

  it('waits up to `timeout` seconds and then answers an empty list', async () => {
    const api = await start();
    const began = Date.now();
    await expect(api.getUpdates({ timeout: 1 })).resolves.toEqual([]);
    expect(Date.now() - began).toBeGreaterThanOrEqual(900);
  });

  it('forgets updates once an offset above their id confirms them', async () => {
    const api = await start();
    const first = fake.pushUpdate(messageUpdate({ text: 'one' }));
    const second = fake.pushUpdate(messageUpdate({ text: 'two' }));
    expect(second.update_id).toBe(first.update_id + 1);

    expect((await api.getUpdates()).map((u) => u.update_id)).toEqual([first.update_id, second.update_id]);
    // Not confirmed yet: asking again returns both.
    expect(await api.getUpdates({ limit: 1 })).toEqual([first]);
    expect(await api.getUpdates({ offset: first.update_id + 1 })).toEqual([second]);
    expect(await api.getUpdates({ offset: second.update_id + 1 })).toEqual([]);
    expect((await api.getWebhookInfo()).pending_update_count).toBe(0);

    fake.pushUpdate(messageUpdate({ text: 'three' }));
    const last = fake.pushUpdate(messageUpdate({ text: 'four' }));
    expect(await api.getUpdates({ offset: -1 })).toEqual([last]);
  });

  it('ends a waiting long poll with [] when stopped', async () => {
    const api = await start();
    const poll = api.getUpdates({ timeout: 30 });
    await received('getUpdates');
    const began = Date.now();
    await fake.stop();
    await expect(poll).resolves.toEqual([]);
    expect(Date.now() - began).toBeLessThan(5_000); // far below the poll's 30 s, with room for a busy CI machine
  });

  it('ends the older of two overlapping long polls with 409, as Telegram does to a second bot instance', async () => {
    const api = await start();
    const first = api.getUpdates({ timeout: 20 }).catch((e: unknown) => e);
    await received('getUpdates');
    const second = api.getUpdates({ timeout: 20 });
    const error = await first;
    expect(error).toBeInstanceOf(GrammyError);
    expect((error as GrammyError).error_code).toBe(409);
    expect((error as GrammyError).description).toBe(
      'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running',
    );
    // The newer poll goes on waiting and gets the next update.
    const pushed = fake.pushUpdate(messageUpdate({ text: 'hi' }));
    expect(await second).toEqual([pushed]);
    const [older, newer] = fake.calls.filter((call) => call.method === 'getUpdates');
    expect(older?.response).toMatchObject({ ok: false, error_code: 409 });
    expect(newer?.at).toBeLessThanOrEqual(older?.answeredAt ?? 0); // they overlapped
  });

  it('ends a waiting long poll with 409 when a webhook is set', async () => {
    const api = await start();
    const poll = api.getUpdates({ timeout: 20 }).catch((e: unknown) => e);
    await received('getUpdates');
    await api.setWebhook('http://127.0.0.1:9/hook');
    const error = (await poll) as GrammyError;
    expect([error.error_code, error.description]).toEqual([409, 'Conflict: terminated by setWebhook request']);
  });

  it('refuses getUpdates while a webhook is set, like Telegram (409)', async () => {
    const api = await start();
    await api.setWebhook('http://127.0.0.1:9/hook');
    const error = await api.getUpdates().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GrammyError);
    expect((error as GrammyError).error_code).toBe(409);
    await api.deleteWebhook();
    await expect(api.getUpdates()).resolves.toEqual([]);
  });
});

describe('fake Bot API: Telegram rules the bot can break', () => {
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => 'accepted',
      (e: GrammyError) => `${e.error_code} ${e.description}`,
    );

  it('refuses Web App buttons that are not HTTPS or not in a private chat, and link buttons to localhost', async () => {
    const api = await start();
    const webApp = (url: string) => ({ reply_markup: { inline_keyboard: [[{ text: 'Open', web_app: { url } }]] } });
    expect(await refusal(api.sendMessage(5, 'x', webApp('http://localhost:5173')))).toMatch(/^400 .*Only HTTPS/);
    expect(await refusal(api.sendMessage(-5, 'x', webApp('https://app.example.com')))).toBe('400 Bad Request: BUTTON_TYPE_INVALID');
    expect(await refusal(api.sendMessage(5, 'x', webApp('https://app.example.com')))).toBe('accepted');
    const link = { reply_markup: { inline_keyboard: [[{ text: 'Open', url: 'http://localhost:5173' }]] } };
    expect(await refusal(api.sendMessage(5, 'x', link))).toBe('400 Bad Request: BUTTON_URL_INVALID');
    const data = { reply_markup: { inline_keyboard: [[{ text: 'Ok', callback_data: 'x'.repeat(65) }]] } };
    expect(await refusal(api.sendMessage(5, 'x', data))).toBe('400 Bad Request: BUTTON_DATA_INVALID');
    expect(await refusal(api.sendMessage(5, ''))).toBe('400 Bad Request: message text is empty');
    expect(fake.sent()).toHaveLength(1);
  });

  it('refuses an edit that changes nothing, and edits otherwise', async () => {
    const api = await start();
    const markup = { inline_keyboard: [[{ text: 'Approve', callback_data: 'approve:1' }]] };
    const sent = await api.sendMessage(5, 'Withdrawal #1', { reply_markup: markup });
    expect(await refusal(api.editMessageText(5, sent.message_id, 'Withdrawal #1', { reply_markup: markup }))).toMatch(
      /^400 Bad Request: message is not modified/,
    );
    await api.editMessageText(5, sent.message_id, 'Withdrawal #1: approved');
    expect(fake.sent(5)).toMatchObject([{ message_id: sent.message_id, text: 'Withdrawal #1: approved' }]);
    expect(fake.sent(5)[0]?.reply_markup).toBeUndefined();
    expect(await refusal(api.editMessageReplyMarkup(5, 999))).toBe('400 Bad Request: message to edit not found');
  });

  it('accepts one answer per pushed callback query', async () => {
    const api = await start();
    const update = fake.pushUpdate(callbackQueryUpdate({ data: 'approve:1', id: 'q1' }));
    expect(update.callback_query?.data).toBe('approve:1');
    expect(await refusal(api.answerCallbackQuery('q1', { text: 'Done' }))).toBe('accepted');
    expect(await refusal(api.answerCallbackQuery('q1'))).toMatch(/^400 .*query ID is invalid/);
    expect(await refusal(api.answerCallbackQuery('never-pushed'))).toMatch(/^400 /);
  });

  it('with strictChats, refuses to start a conversation with a user who never wrote', async () => {
    const api = await start({ strictChats: true });
    expect(await refusal(api.sendMessage(777, 'hello'))).toBe("403 Forbidden: bot can't initiate conversation with a user");
    fake.pushUpdate(messageUpdate({ from: testUser({ id: 777 }), text: '/start' }));
    expect(await refusal(api.sendMessage(777, 'hello'))).toBe('accepted');
    expect(fake.sent(777)[0]?.chat).toMatchObject({ id: 777, type: 'private', first_name: 'Ada' });
  });

  it('stores commands per language and the menu button', async () => {
    const api = await start();
    await api.setMyCommands([{ command: 'start', description: 'Open' }]);
    await api.setMyCommands([{ command: 'start', description: 'افتح' }], { language_code: 'ar' });
    expect(await api.getMyCommands()).toEqual([{ command: 'start', description: 'Open' }]);
    expect(await api.getMyCommands({ language_code: 'ar' })).toEqual([{ command: 'start', description: 'افتح' }]);
    expect(await refusal(api.setMyCommands([{ command: 'Bad Command', description: 'x' }]))).toBe('400 Bad Request: BOT_COMMAND_INVALID');
    await api.setChatMenuButton({ menu_button: { type: 'web_app', text: 'Open', web_app: { url: 'https://app.example.com' } } });
    expect(await api.getChatMenuButton()).toEqual({ type: 'web_app', text: 'Open', web_app: { url: 'https://app.example.com' } });
  });

  it('lets a test replace a method, e.g. a user who blocked the bot', async () => {
    const api = await start();
    fake.handle('sendMessage', () => {
      throw new FakeApiError(403, 'Forbidden: bot was blocked by the user');
    });
    expect(await refusal(api.sendMessage(5, 'x'))).toBe('403 Forbidden: bot was blocked by the user');
    fake.handle('sendMessage', undefined);
    expect(await refusal(api.sendMessage(5, 'x'))).toBe('accepted');
  });
});

describe('update builders', () => {
  it('mark a leading /command as a bot_command entity, as Telegram does', () => {
    expect(messageUpdate({ text: '/start ABCD2345' }).message?.entities).toEqual([{ type: 'bot_command', offset: 0, length: 6 }]);
    expect(messageUpdate({ text: '/help@prism_test_bot' }).message?.entities).toEqual([{ type: 'bot_command', offset: 0, length: 20 }]);
    expect(messageUpdate({ text: 'hello /start' }).message?.entities).toBeUndefined();
  });
});

describe('fake Bot API: forum topics', () => {
  const FORUM = -1_009_876_543_210;

  it('createForumTopic works in a forum where the bot manages topics, and refuses like Telegram elsewhere', async () => {
    const api = await start();
    await expect(api.createForumTopic(-1_001_111_111_111, 'x')).rejects.toThrow('Bad Request: the chat is not a forum');
    fake.addForum(FORUM);
    await expect(api.createForumTopic(FORUM, '')).rejects.toThrow('Bad Request: TOPIC_NAME_INVALID');
    const topic = await api.createForumTopic(FORUM, '#7 Ana');
    expect(topic).toMatchObject({ name: '#7 Ana' });
    const sent = await api.sendMessage(FORUM, 'in the topic', { message_thread_id: topic.message_thread_id });
    expect(sent).toMatchObject({ message_thread_id: topic.message_thread_id, is_topic_message: true });
    await expect(api.sendMessage(FORUM, 'nowhere', { message_thread_id: 999 })).rejects.toBeInstanceOf(GrammyError);
    fake.addForum(FORUM, { botCanManageTopics: false });
    await expect(api.createForumTopic(FORUM, 'again')).rejects.toThrow('Bad Request: not enough rights to create a topic');
  });

  it('a message update can be written in a topic', () => {
    const update = messageUpdate({ text: 'hi', chatId: FORUM, threadId: 5, from: testUser() });
    expect(update.message).toMatchObject({
      message_thread_id: 5,
      is_topic_message: true,
      chat: { id: FORUM, type: 'supergroup', is_forum: true },
    });
  });
});
