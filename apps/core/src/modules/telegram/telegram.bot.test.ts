import { inviteTexts } from '@prism/bot';
import { type FakeBotApi, inlineQueryUpdate, messageUpdate, type RecordedCall, testUser } from '@prism/bot/testing';
import type { InlineQueryResultArticle } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BotServer, startBotServer, type TestApi } from '../../testing';

/**
 * /start through a real server and the bot on a fake Bot API: invitation codes
 * are checked against real accounts, and a browser user links Telegram with the
 * one-time deep link the app shows.
 */
let fake: FakeBotApi;
let api: TestApi;
let server: BotServer;

beforeAll(async () => {
  server = await startBotServer((fake) => ({ BOT_USERNAME: fake.botInfo.username, MINI_APP_URL: 'https://app.example.com/' }));
  ({ fake, api } = server);
}, 60_000);

afterAll(() => server?.stop());

/** A browser user: registered with phone and SMS code, no Telegram. */
async function browserUser(phone: string): Promise<{ token: string; invitation: string }> {
  await api.post('/app/sms/sendSmsCodeNoAuth', { phone, type: 'register' });
  const outbox = await api.get<{ sms: { phone: string; text: string }[] }>('/dev/outbox');
  const code = outbox.result.sms.find((m) => m.phone === phone)?.text.match(/\d{6}/)?.[0] ?? '';
  const registered = await api.post<{ token: string }>('/app/auth/register', {
    phone,
    password: 'secret123',
    confirmPassword: 'secret123',
    code,
  });
  const token = registered.result.token;
  const info = await api.get<{ invitation: string }>('/app/user/getUserInfo', {}, { token });
  return { token, invitation: info.result.invitation };
}

async function start(text: string, from = testUser()): Promise<RecordedCall> {
  fake.pushUpdate(messageUpdate({ text, from }));
  return fake.waitFor((call) => call.method === 'sendMessage' && call.params.chat_id === from.id);
}

describe('/start against core', () => {
  it('shows an invitation only for a code that exists', async () => {
    const inviter = await browserUser('9123450001');
    const visitor = testUser({ id: 610_001, username: 'visitor_v' });
    const real = String((await start(`/start ${inviter.invitation}`, visitor)).params.text);
    expect(real).toContain(`Your invitation code ${inviter.invitation} will be filled in`);
    expect(real).not.toContain('Share your own invite link');
    const unknown = String((await start('/start ZZZZ9999', visitor)).params.text);
    expect(unknown).toContain('The invitation code ZZZZ9999 does not exist');
  });

  it('links a browser user who presses Start with the app’s deep link; then offers their own invite link', async () => {
    const user = await browserUser('9123450002');
    const tg = testUser({ id: 610_002, username: 'linker_l', first_name: 'Lin' });
    const link = await api.post<{ link: string; payload: string }>('/app/user/telegram/linkToken', {}, { token: user.token });
    expect(link.result.link).toBe(`https://t.me/${fake.botInfo.username}?start=${link.result.payload}`);

    const linked = String((await start(`/start ${link.result.payload}`, tg)).params.text);
    expect(linked).toContain('Your Telegram account is now linked to Prism');
    expect(linked).toContain(`Share your own invite link: https://t.me/${fake.botInfo.username}?start=${user.invitation}`);
    const info = await api.get<{ telegramLinked: boolean; telegramUsername: string }>('/app/user/getUserInfo', {}, { token: user.token });
    expect(info.result).toMatchObject({ telegramLinked: true, telegramUsername: 'linker_l' });

    // One time only; and a renamed Telegram user is kept current by pressing Start again.
    expect(String((await start(`/start ${link.result.payload}`, tg)).params.text)).toContain('This link was already used');
    await start('/start', { ...tg, username: 'linker_new' });
    const renamed = await api.get<{ telegramUsername: string }>('/app/user/getUserInfo', {}, { token: user.token });
    expect(renamed.result.telegramUsername).toBe('linker_new');
  });

  it('refuses to link a Telegram account that belongs to another user', async () => {
    const first = await browserUser('9123450003');
    const second = await browserUser('9123450004');
    const tg = testUser({ id: 610_003, username: 'taken_t' });
    const firstLink = await api.post<{ payload: string }>('/app/user/telegram/linkToken', {}, { token: first.token });
    await start(`/start ${firstLink.result.payload}`, tg);
    const secondLink = await api.post<{ payload: string }>('/app/user/telegram/linkToken', {}, { token: second.token });
    const refused = String((await start(`/start ${secondLink.result.payload}`, tg)).params.text);
    expect(refused).toContain('This Telegram account is linked to another phone number');
  });

  it('answers /invite and inline @bot with the link the app shows, in the account’s language', async () => {
    const user = await browserUser('9123450005');
    // Signing in with an Arabic browser makes Arabic the account's language; the Telegram client says English.
    await api.post('/app/auth/login', { phone: '9123450005', password: 'secret123' }, { headers: { 'Accept-Language': 'ar' } });
    const tg = testUser({ id: 610_005, username: 'sharer_s', language_code: 'en' });
    const link = await api.post<{ payload: string }>('/app/user/telegram/linkToken', {}, { token: user.token });
    await start(`/start ${link.result.payload}`, tg);
    const shown = await api.get<{ inviteLinkUrl: string }>('/app/user/getUserInfo', {}, { token: user.token });
    expect(shown.result.inviteLinkUrl).toBe(`https://t.me/${fake.botInfo.username}?start=${user.invitation}`);

    const invite = await start('/invite', tg);
    expect(invite.params.text).toBe(inviteTexts('ar').yourLink(user.invitation, shown.result.inviteLinkUrl));

    fake.pushUpdate(inlineQueryUpdate({ from: tg }));
    const answer = await fake.waitFor((call) => call.method === 'answerInlineQuery');
    expect(answer.response).toMatchObject({ ok: true });
    const [card] = answer.params.results as InlineQueryResultArticle[];
    expect(card?.title).toBe(inviteTexts('ar').cardTitle);
    expect(card?.reply_markup?.inline_keyboard).toEqual([[{ text: inviteTexts('ar').join, url: shown.result.inviteLinkUrl }]]);
  });
});
