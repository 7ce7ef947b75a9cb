import type { Bot } from 'grammy';
import type { InlineKeyboardButton, InlineKeyboardMarkup, InlineQueryResultArticle, InputTextMessageContent } from 'grammy/types';
import { afterEach, describe, expect, it } from 'vitest';
import { type BotDeps, createBot } from './bot';
import { lowerCaseCommand } from './commands';
import type { BotAccounts, BotContext, LinkedAccount } from './context';
import { fallbackTexts } from './fallbackTexts';
import { helpText } from './features/help';
import { INLINE_START_PARAMETER } from './features/invite';
import { inviteArticle, telegramShareUrl } from './invite';
import { inviteTexts } from './inviteTexts';
import { type FakeBotApi, type FakeBotApiOptions, type RecordedCall, startFakeBotApi } from './testing/fakeBotApi';
import { inlineQueryUpdate, messageUpdate, testUser } from './testing/updates';
import { botTexts } from './texts';

const MINI_APP = 'https://app.example.com/';
const LINK = 'https://t.me/prism_test_bot/play?startapp=OWNCODE1';

/**
 * Core's side, in memory (core's own ports are proven in apps/core/src/modules/telegram/invite.api.test.ts):
 * Telegram user 500_001 has an English account, 500_002 an Arabic account on an English Telegram client.
 */
const ACCOUNTS: Record<number, LinkedAccount> = {
  500001: { invitationCode: 'OWNCODE1', inviteLink: LINK, locale: 'en-US' },
  500002: { invitationCode: 'ARCODE22', inviteLink: 'https://t.me/prism_test_bot/play?startapp=ARCODE22', locale: 'ar' },
};
const lookups: number[] = [];
const accounts: BotAccounts = {
  invitationExists: async () => false,
  linkedAccount: async (user) => {
    lookups.push(user.id);
    return ACCOUNTS[user.id];
  },
  link: async () => ({ ok: false, message: 'no' }),
};
const linked = testUser({ id: 500_001, first_name: 'Lin' });
const arabicAccount = testUser({ id: 500_002, first_name: 'Layla', language_code: 'en' });
const stranger = testUser({ id: 500_009, language_code: 'fa' });

let fake: FakeBotApi;
let bot: Bot<BotContext> | undefined;
let polling: Promise<void> | undefined;

async function startBot(deps: Partial<BotDeps> = {}, options: FakeBotApiOptions = {}): Promise<void> {
  fake = await startFakeBotApi(options);
  bot = createBot({ token: fake.token, apiRoot: fake.apiRoot, miniAppUrl: MINI_APP, miniAppShortName: 'play', accounts, ...deps });
  polling = bot.start({ timeout: 10 });
}

afterEach(async () => {
  if (bot?.isRunning()) await bot.stop();
  await polling;
  await fake.stop();
  bot = undefined;
});

/** Sends a text as Telegram would and returns the bot's answer once the fake accepted it. */
async function say(text: string, from = testUser(), chatId?: number): Promise<RecordedCall> {
  fake.pushUpdate(messageUpdate({ text, from, ...(chatId !== undefined ? { chatId } : {}) }));
  const reply = await fake.waitFor('sendMessage');
  expect(reply.response).toMatchObject({ ok: true });
  return reply;
}

/** Types @bot in a chat as `from`; returns the accepted answerInlineQuery call. */
async function typeInline(from: ReturnType<typeof testUser>, query = ''): Promise<RecordedCall> {
  fake.pushUpdate(inlineQueryUpdate({ from, query }));
  const answer = await fake.waitFor('answerInlineQuery');
  expect(answer.response).toEqual({ ok: true, result: true });
  return answer;
}

const buttons = (call: RecordedCall): InlineKeyboardButton[] =>
  (call.params.reply_markup as InlineKeyboardMarkup | undefined)?.inline_keyboard.flat() ?? [];

describe('/invite', () => {
  it('gives a linked user their invite link with Share (Telegram share sheet) and Open buttons', async () => {
    await startBot();
    const reply = await say('/invite', linked);
    const t = inviteTexts('en-US');
    expect(reply.params.text).toBe(t.yourLink('OWNCODE1', LINK));
    expect(buttons(reply)).toEqual([
      { text: 'Share', url: telegramShareUrl(LINK, t.cardIntro('OWNCODE1')) },
      { text: 'Open Prism', web_app: { url: MINI_APP } },
    ]);
    const share = new URL(String((buttons(reply)[0] as { url: string }).url));
    expect(share.origin + share.pathname).toBe('https://t.me/share/url');
    expect(share.searchParams.get('url')).toBe(LINK);
  });

  it('shares through inline mode when the bot has it on, and answers @bot with the invitation card', async () => {
    await startBot({}, { botInfo: { supports_inline_queries: true } });
    const reply = await say('/invite', linked);
    expect(buttons(reply)[0]).toEqual({ text: 'Share', switch_inline_query: '' });
    // The user presses Share, picks a chat: Telegram sends the inline query.
    const answer = await typeInline(linked);
    const [card, ...more] = answer.params.results as InlineQueryResultArticle[];
    expect(more).toEqual([]);
    expect(card).toEqual(inviteArticle('en-US', 'OWNCODE1', LINK));
    expect((card?.input_message_content as InputTextMessageContent | undefined)?.message_text).toBe(
      `${inviteTexts('en-US').cardIntro('OWNCODE1')}\n${LINK}`,
    );
    // A url button to t.me/<bot>/<app>?startapp=<code>: Web App buttons are refused in a message sent through the bot.
    expect(card?.reply_markup?.inline_keyboard).toEqual([[{ text: 'Join Prism', url: LINK }]]);
    expect(answer.params).toMatchObject({ is_personal: true });
  });

  it('answers an unlinked user how to link, with the app button', async () => {
    await startBot();
    const reply = await say('/invite', stranger);
    expect(reply.params.text).toBe(inviteTexts('fa').notLinked);
    expect(buttons(reply)).toEqual([{ text: botTexts('fa').openApp, web_app: { url: MINI_APP } }]);
  });

  it('in a group, opens the app through a t.me link (Web App buttons are private-chat only)', async () => {
    await startBot();
    const reply = await say('/invite@prism_test_bot', linked, -4_000_002);
    expect(buttons(reply)[1]).toEqual({ text: 'Open Prism', url: 'https://t.me/prism_test_bot/play' });
  });

  it('builds a t.me link when core only has a relative web link (no PUBLIC_URL, no BOT_USERNAME)', async () => {
    const relative: BotAccounts = {
      ...accounts,
      linkedAccount: async () => ({
        invitationCode: 'OWNCODE1',
        inviteLink: '/pages/login/login?invitationCode=OWNCODE1',
        locale: 'en-US',
      }),
    };
    await startBot({ accounts: relative, miniAppShortName: undefined });
    const reply = await say('/invite', linked);
    expect(reply.params.text).toContain('https://t.me/prism_test_bot?start=OWNCODE1');
  });
});

describe('inline mode', () => {
  it('answers an unlinked user with no result and a button that opens the bot', async () => {
    await startBot({}, { botInfo: { supports_inline_queries: true } });
    const answer = await typeInline(stranger, 'anything');
    expect(answer.params.results).toEqual([]);
    expect(answer.params.button).toEqual({ text: inviteTexts('fa').linkFirst, start_parameter: INLINE_START_PARAMETER });
    // The button's /start payload is not taken for an invitation code.
    const start = await say(`/start ${INLINE_START_PARAMETER}`, stranger);
    expect(start.params.text).not.toContain(INLINE_START_PARAMETER.toUpperCase());
  });

  it('sends the card in the account’s language', async () => {
    await startBot({}, { botInfo: { supports_inline_queries: true } });
    const answer = await typeInline(arabicAccount);
    const [card] = answer.params.results as InlineQueryResultArticle[];
    expect(card?.title).toBe(inviteTexts('ar').cardTitle);
    expect(card?.reply_markup?.inline_keyboard[0]?.[0]?.text).toBe('انضم إلى Prism');
  });
});

describe('one language per user', () => {
  it('speaks the account’s language to a linked user, whatever the Telegram client says', async () => {
    await startBot();
    const start = await say('/start', arabicAccount);
    expect(start.params.text).toContain(botTexts('ar').welcome('Layla'));
    expect(buttons(start)[0]?.text).toBe(botTexts('ar').openApp);
    expect((await say('/help', arabicAccount)).params.text).toBe(helpText('ar'));
    expect((await say('/invite', arabicAccount)).params.text).toBe(
      inviteTexts('ar').yourLink('ARCODE22', ACCOUNTS[500_002]?.inviteLink ?? ''),
    );
    expect((await say('hello', arabicAccount)).params.text).toBe(fallbackTexts('ar').notUnderstood);
  });

  it('maps the Telegram language of an unlinked user (zh-hans -> zh-TW, unknown -> English)', async () => {
    await startBot();
    const chinese = testUser({ id: 500_010, first_name: '小明', language_code: 'zh-hans' });
    expect((await say('/help', chinese)).params.text).toBe(helpText('zh-TW'));
    expect((await say('/start', chinese)).params.text).toContain(botTexts('zh-TW').welcome('小明'));
    const russian = testUser({ id: 500_011, language_code: 'ru' });
    expect((await say('/help', russian)).params.text).toBe(helpText('en-US'));
  });

  it('asks core once per update, and not at all for updates that need no language', async () => {
    await startBot();
    lookups.length = 0;
    await say('/help', linked);
    expect(lookups).toEqual([500_001]);
  });
});

describe('/START and other commands in any case', () => {
  it('answers /START, /Help, /INVITE@Bot as their lower-case commands; keeps the payload’s case', async () => {
    await startBot();
    expect((await say('/START', linked)).params.text).toContain(botTexts('en').welcome('Lin'));
    expect((await say('/Help', linked)).params.text).toBe(helpText('en-US'));
    expect((await say('/INVITE@Prism_Test_Bot', linked, -4_000_003)).params.text).toBe(inviteTexts('en-US').yourLink('OWNCODE1', LINK));
    // The same command after the fallback would have said "unknown command": never that.
    for (const call of fake.calls.filter((c) => c.method === 'sendMessage'))
      expect(call.params.text).not.toBe(fallbackTexts('en').unknownCommand);
  });

  it('lower-cases only the command word', () => {
    const message = { text: '/START@Prism_Bot link_AbCdEf', entities: [{ type: 'bot_command' as const, offset: 0, length: 15 }] };
    lowerCaseCommand(message);
    expect(message.text).toBe('/start@Prism_Bot link_AbCdEf');
    const plain = { text: 'HELLO /START' };
    lowerCaseCommand(plain);
    expect(plain.text).toBe('HELLO /START');
  });
});

describe('help', () => {
  it('lists /invite in every language', () => {
    for (const locale of ['en-US', 'zh-TW', 'vi', 'fa', 'ar']) {
      const text = helpText(locale);
      expect(text).toContain(`/invite – ${inviteTexts(locale).helpLine}`);
      expect(text.indexOf('/invite')).toBeGreaterThan(text.indexOf('/help'));
    }
  });
});
