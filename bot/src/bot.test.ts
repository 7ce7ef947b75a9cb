import { Api, type Bot } from 'grammy';
import type { InlineKeyboardMarkup } from 'grammy/types';
import { afterEach, describe, expect, it } from 'vitest';
import { type BotDeps, createBot } from './bot';
import type { BotAccounts, BotContext } from './context';
import { helpText } from './features/help';
import { FakeApiError, type FakeBotApi, type RecordedCall, startFakeBotApi } from './testing/fakeBotApi';
import { messageUpdate, testUser } from './testing/updates';
import { botTexts } from './texts';

const MINI_APP = 'https://app.example.com/';

let fake: FakeBotApi;
let bot: Bot<BotContext> | undefined;
let polling: Promise<void> | undefined;

/**
 * Core's side of the bot, in memory (core's own implementation is tested
 * through a real server in apps/core/src/modules/telegram/telegram.bot.test.ts):
 * ABCD2345 is a real invitation code; Telegram user LINKED_ID has an account with code OWNCODE1.
 */
const LINKED_ID = 300_003;
const links: { token: string; user: number }[] = [];
const accounts: BotAccounts = {
  invitationExists: async (code) => code === 'ABCD2345',
  // A relative web link: what core answers when it knows neither its bot nor its address; the bot then builds a t.me link.
  linkedAccount: async (user) =>
    user.id === LINKED_ID
      ? { invitationCode: 'OWNCODE1', inviteLink: '/pages/login/login?invitationCode=OWNCODE1', locale: 'en-US' }
      : undefined,
  link: async (token, user) => {
    if (token !== 'goodtoken123') return { ok: false, message: 'This link is not valid. Open Prism and create a new one' };
    links.push({ token, user: user.id });
    return { ok: true };
  },
};

/** A bot from createBot, long polling the fake for real (it learns its username through getMe). */
async function startBot(deps: Partial<BotDeps> = {}): Promise<void> {
  fake = await startFakeBotApi();
  bot = createBot({ token: fake.token, apiRoot: fake.apiRoot, miniAppUrl: MINI_APP, accounts, ...deps });
  // Updates pushed before the first poll simply wait in the fake's queue, as on Telegram.
  polling = bot.start({ timeout: 10 });
}

afterEach(async () => {
  if (bot?.isRunning()) await bot.stop();
  await polling;
  await fake.stop();
  bot = undefined;
  polling = undefined;
});

/** Sends a text as the user and returns the bot's answer as the fake recorded it. */
async function say(text: string, from = testUser(), chatId?: number): Promise<RecordedCall> {
  fake.pushUpdate(messageUpdate({ text, from, ...(chatId !== undefined ? { chatId } : {}) }));
  const reply = await fake.waitFor('sendMessage');
  expect(reply.response).toMatchObject({ ok: true }); // Telegram (the fake) accepted it
  return reply;
}

const reply = (call: RecordedCall) => String(call.params.text);
const keyboard = (call: RecordedCall) => (call.params.reply_markup as InlineKeyboardMarkup | undefined)?.inline_keyboard;
const webAppUrl = (call: RecordedCall) => {
  const button = keyboard(call)?.[0]?.[0];
  return button && 'web_app' in button ? button.web_app?.url : undefined;
};

describe('createBot over long polling', () => {
  it('answers /start <code> of a real invitation with a Mini App button carrying it; no invite link for someone without an account', async () => {
    await startBot();
    const reply = await say('/start ABCD2345');
    expect(reply.params.chat_id).toBe(testUser().id);
    expect(webAppUrl(reply)).toBe(`${MINI_APP}?startapp=ABCD2345`);
    expect(reply.params.text).toContain(botTexts('en').invited('ABCD2345'));
    expect(reply.params.text).toContain(botTexts('en').tapButton);
    expect(reply.params.text).not.toContain('invite link');
    expect(reply.params.text).not.toContain('t.me');
    // What the user's chat now shows.
    expect(fake.sent(testUser().id)).toHaveLength(1);
  });

  it('does not present a well-formed code that does not exist as an invitation', async () => {
    await startBot();
    const reply = await say('/start ZZZZ9999');
    expect(webAppUrl(reply)).toBe(MINI_APP);
    expect(reply.params.text).toContain(botTexts('en').invitationUnknown('ZZZZ9999'));
    expect(reply.params.text).not.toContain(botTexts('en').invited('ZZZZ9999'));
  });

  it('offers a linked user their own invite link, not the code they came with', async () => {
    await startBot();
    const linked = testUser({ id: LINKED_ID, first_name: 'Lin' });
    const reply = await say('/start ABCD2345', linked);
    expect(reply.params.text).toContain(botTexts('en').inviteLink('https://t.me/prism_test_bot?start=OWNCODE1'));
    expect(reply.params.text).not.toContain('ABCD2345');
    expect(webAppUrl(reply)).toBe(MINI_APP);
  });

  it('links a Telegram user with /start link_<token>, and explains a bad token', async () => {
    await startBot();
    const linked = await say('/start link_goodtoken123');
    expect(reply(linked)).toContain(botTexts('en').linked);
    expect(links).toContainEqual({ token: 'goodtoken123', user: testUser().id });
    const refused = await say('/start link_nosuchtoken');
    expect(reply(refused)).toContain('This link is not valid');
    expect(reply(refused)).not.toContain(botTexts('en').linked);
  });

  it('tells a user without a Telegram username that withdrawals need one', async () => {
    await startBot();
    const answer = await say('/start link_goodtoken123', testUser({ id: 300_010, username: undefined }));
    expect(reply(answer)).toContain(botTexts('en').linkedNoUsername);
  });

  it('links straight into the Mini App when it has a short name', async () => {
    await startBot({ miniAppShortName: 'play' });
    const reply = await say('/start abcd2345', testUser({ id: LINKED_ID }));
    expect(reply.params.text).toContain('https://t.me/prism_test_bot/play?startapp=OWNCODE1');
    expect((await say('/start abcd2345')).params.text).toContain(botTexts('en').invited('ABCD2345'));
  });

  it('answers /start without a code with the plain Mini App URL', async () => {
    await startBot();
    const reply = await say('/start');
    expect(webAppUrl(reply)).toBe(MINI_APP);
    expect(reply.params.text).toBe(`${botTexts('en').welcome('Ada')}\n\n${botTexts('en').tapButton}`);
  });

  it('ignores a payload that is not an invitation code', async () => {
    await startBot();
    const reply = await say('/start <script>alert(1)</script>');
    expect(webAppUrl(reply)).toBe(MINI_APP);
    expect(reply.params.text).not.toMatch(/script|startapp|t\.me/);
    expect(reply.params.parse_mode).toBeUndefined(); // user text is never parsed as HTML
  });

  it('answers /help', async () => {
    await startBot();
    const reply = await say('/help');
    expect(reply.params.text).toBe(helpText('en-US'));
  });

  it('speaks the user’s language', async () => {
    await startBot();
    const arabic = testUser({ id: 200_002, first_name: 'Layla', language_code: 'ar' });
    const start = await say('/start ABCD2345', arabic);
    expect(start.params.text).toContain(botTexts('ar').welcome('Layla'));
    expect(keyboard(start)?.[0]?.[0]?.text).toBe('افتح Prism');
    const help = await say('/help', arabic);
    expect(help.params.text).toBe(helpText('ar'));
  });

  it('sends a link to the private chat instead of a Web App button in groups', async () => {
    await startBot();
    const reply = await say('/start@prism_test_bot ABCD2345', testUser(), -4_000_001);
    expect(reply.params.chat_id).toBe(-4_000_001);
    expect(keyboard(reply)).toEqual([[{ text: 'Open Prism', url: 'https://t.me/prism_test_bot?start=ABCD2345' }]]);
  });

  it('puts a non-HTTPS Mini App address in the text, since Telegram refuses its button', async () => {
    await startBot({ miniAppUrl: 'http://localhost:5173/' });
    const reply = await say('/start ABCD2345');
    expect(reply.params.reply_markup).toBeUndefined();
    expect(reply.params.text).toContain(botTexts('en').openAppAt('http://localhost:5173/?startapp=ABCD2345'));
    // No button, so no "tap the button below".
    expect(reply.params.text).not.toContain(botTexts('en').tapButton);
  });

  it('keeps polling after an update fails, and reports the failure', async () => {
    const errors: unknown[] = [];
    await startBot({ onError: (error) => errors.push(error) });
    fake.handle('sendMessage', () => {
      throw new FakeApiError(403, 'Forbidden: bot was blocked by the user');
    });
    fake.pushUpdate(messageUpdate({ text: '/help' }));
    await fake.waitFor('sendMessage');
    fake.handle('sendMessage', undefined);
    const reply = await say('/help');
    expect(reply.params.text).toBe(helpText('en-US'));
    expect(errors).toHaveLength(1);
    expect(String(errors[0])).toContain('bot was blocked by the user');
  });

  it('confirms handled updates when stopped, so they are not handled twice', async () => {
    await startBot();
    const update = fake.pushUpdate(messageUpdate({ text: '/help' }));
    await fake.waitFor('sendMessage');
    await bot?.stop();
    const last = fake.calls.filter((call) => call.method === 'getUpdates').at(-1);
    expect(last?.params.offset).toBe(update.update_id + 1);
    const api = new Api(fake.token, { apiRoot: fake.apiRoot });
    expect((await api.getWebhookInfo()).pending_update_count).toBe(0);
  });

  it('builds without contacting anyone', async () => {
    fake = await startFakeBotApi();
    createBot({ token: fake.token, apiRoot: fake.apiRoot, miniAppUrl: MINI_APP });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fake.calls).toEqual([]);
  });
});
