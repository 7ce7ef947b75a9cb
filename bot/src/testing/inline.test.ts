import { Api, GrammyError } from 'grammy';
import type { InlineQueryResult } from 'grammy/types';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeBotApi, startFakeBotApi } from './fakeBotApi';
import { PREPARED_MESSAGE_TTL_SECONDS } from './inline';
import { inlineQueryUpdate, testUser } from './updates';

let fake: FakeBotApi;

async function start(): Promise<Api> {
  fake = await startFakeBotApi({ botInfo: { supports_inline_queries: true } });
  return new Api(fake.token, { apiRoot: fake.apiRoot });
}

afterEach(async () => {
  await fake?.stop();
});

const article = (overrides: Record<string, unknown> = {}): InlineQueryResult =>
  ({
    type: 'article',
    id: 'invite',
    title: 'Join me on Prism',
    input_message_content: { message_text: 'Join me: https://t.me/prism_test_bot/app?startapp=ABCD2345' },
    reply_markup: { inline_keyboard: [[{ text: 'Open Prism', url: 'https://t.me/prism_test_bot/app?startapp=ABCD2345' }]] },
    ...overrides,
  }) as InlineQueryResult;

/** Telegram's refusal of a call: its HTTP status and description. */
async function refusal(call: Promise<unknown>): Promise<{ code: number; description: string }> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GrammyError);
  return { code: (error as GrammyError).error_code, description: (error as GrammyError).description };
}

/** A raw POST, for parameters grammY's types would not let us leave out. */
async function post(method: string, body: Record<string, unknown>): Promise<{ status: number; json: unknown }> {
  const answer = await fetch(`${fake.apiRoot}/bot${fake.token}/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: answer.status, json: await answer.json() };
}

describe('fake Bot API: savePreparedInlineMessage (Bot API 8.0)', () => {
  it('saves an article for a user and answers a PreparedInlineMessage', async () => {
    const api = await start();
    const before = Math.floor(Date.now() / 1000);
    const prepared = await api.savePreparedInlineMessage(100_001, article(), { allow_user_chats: true, allow_group_chats: true });
    expect(prepared.id).toMatch(/^[A-Za-z0-9_-]{8,}$/);
    expect(prepared.expiration_date).toBeGreaterThanOrEqual(before + PREPARED_MESSAGE_TTL_SECONDS);
    const second = await api.savePreparedInlineMessage(100_001, article());
    expect(second.id).not.toBe(prepared.id);
  });

  it('refuses a missing user_id or result, a bad result type, an empty or too long text, and a Web App button', async () => {
    const api = await start();
    expect(await post('savePreparedInlineMessage', { result: article() })).toEqual({
      status: 400,
      json: { ok: false, error_code: 400, description: 'Bad Request: user_id is empty' },
    });
    expect(await post('savePreparedInlineMessage', { user_id: 100_001 })).toEqual({
      status: 400,
      json: { ok: false, error_code: 400, description: 'Bad Request: result is empty' },
    });
    const bad = async (result: InlineQueryResult) => (await refusal(api.savePreparedInlineMessage(100_001, result))).description;
    expect(await bad(article({ type: 'poster' }))).toBe('Bad Request: RESULT_TYPE_INVALID');
    expect(await bad(article({ id: 'x'.repeat(65) }))).toBe('Bad Request: RESULT_ID_INVALID');
    expect(await bad(article({ title: ' ' }))).toBe('Bad Request: RESULT_TITLE_EMPTY');
    expect(await bad(article({ input_message_content: { message_text: '' } }))).toBe('Bad Request: MESSAGE_EMPTY');
    expect(await bad(article({ input_message_content: { message_text: 'x'.repeat(4097) } }))).toBe('Bad Request: MESSAGE_TOO_LONG');
    // Web App buttons work only in the private chat with the bot; a shared message may go anywhere.
    const webApp = { inline_keyboard: [[{ text: 'Open', web_app: { url: 'https://app.example.com/' } }]] };
    expect(await bad(article({ reply_markup: webApp }))).toBe('Bad Request: BUTTON_TYPE_INVALID');
    const local = { inline_keyboard: [[{ text: 'Open', url: 'http://localhost:5173/' }]] };
    expect(await bad(article({ reply_markup: local }))).toBe('Bad Request: BUTTON_URL_INVALID');
  });
});

describe('fake Bot API: inline mode', () => {
  it('delivers an inline query and takes one answer for it', async () => {
    const api = await start();
    const pushed = fake.pushUpdate(inlineQueryUpdate({ query: '', from: testUser({ id: 42 }) }));
    const [update] = await api.getUpdates();
    expect(update?.inline_query).toMatchObject({ id: pushed.inline_query?.id, from: { id: 42 }, query: '', chat_type: 'sender' });
    const id = pushed.inline_query?.id ?? '';
    await expect(api.answerInlineQuery(id, [article()], { is_personal: true, cache_time: 0 })).resolves.toBe(true);
    expect((await refusal(api.answerInlineQuery(id, [article()]))).description).toBe(
      'Bad Request: query is too old and response timeout expired or query ID is invalid',
    );
    expect((await refusal(api.answerInlineQuery('never-sent', []))).code).toBe(400);
  });

  it('accepts an empty answer with a button to the bot, and refuses bad answers', async () => {
    const api = await start();
    const next = () => fake.pushUpdate(inlineQueryUpdate()).inline_query?.id ?? '';
    await expect(
      api.answerInlineQuery(next(), [], { button: { text: 'Link your account', start_parameter: 'share_invite' } }),
    ).resolves.toBe(true);
    const bad = async (results: InlineQueryResult[], other: Parameters<Api['answerInlineQuery']>[2] = {}) =>
      (await refusal(api.answerInlineQuery(next(), results, other))).description;
    expect(await bad([], { button: { text: 'Go', start_parameter: 'not allowed!' } })).toBe('Bad Request: START_PARAM_INVALID');
    expect(await bad([], { button: { text: '', start_parameter: 'ok' } })).toBe('Bad Request: BUTTON_TEXT_INVALID');
    expect(await bad([article(), article()])).toBe('Bad Request: RESULT_ID_DUPLICATE');
    expect(await bad(Array.from({ length: 51 }, (_, i) => article({ id: `r${i}` })))).toBe('Bad Request: RESULTS_TOO_MUCH');
    expect(await bad([article({ reply_markup: { inline_keyboard: [[{ text: 'Open', web_app: { url: 'https://a.example/' } }]] } })])).toBe(
      'Bad Request: BUTTON_TYPE_INVALID',
    );
    expect(await post('answerInlineQuery', { inline_query_id: next() })).toMatchObject({ status: 400 });
  });
});
