import type { Bot } from 'grammy';
import { afterEach, describe, expect, it } from 'vitest';
import { createBot } from './bot';
import type { BotContext } from './context';
import { fallbackTexts } from './fallbackTexts';
import { helpText } from './features/help';
import { type FakeBotApi, startFakeBotApi } from './testing/fakeBotApi';
import { callbackQueryUpdate, messageUpdate, testUser } from './testing/updates';

let fake: FakeBotApi;
let bot: Bot<BotContext>;
let polling: Promise<void>;

async function startBot(): Promise<void> {
  fake = await startFakeBotApi();
  bot = createBot({
    token: fake.token,
    apiRoot: fake.apiRoot,
    miniAppUrl: 'https://app.example.com/',
  });
  polling = bot.start({ timeout: 10 });
}

afterEach(async () => {
  if (bot?.isRunning()) await bot.stop();
  await polling;
  await fake.stop();
});

const replyTo = async (text: string, from = testUser(), chatId?: number) => {
  fake.pushUpdate(messageUpdate({ text, from, ...(chatId !== undefined ? { chatId } : {}) }));
  return (await fake.waitFor('sendMessage')).params.text;
};

describe('what no feature handles', () => {
  it('answers an unknown command and free text with a pointer to /help, in the user’s language', async () => {
    await startBot();
    expect(await replyTo('/balance')).toBe(fallbackTexts('en').unknownCommand);
    expect(await replyTo('hello?')).toBe(fallbackTexts('en').notUnderstood);
    const persian = testUser({ id: 100_002, language_code: 'fa' });
    expect(await replyTo('/withdraw', persian)).toBe(fallbackTexts('fa').unknownCommand);
    expect(await replyTo('سلام', persian)).toBe(fallbackTexts('fa').notUnderstood);
    // The features still answer first.
    expect(await replyTo('/help')).toBe(helpText('en-US'));
    for (const text of Object.values(fallbackTexts('zh-TW'))) expect(text).not.toBe('');
  });

  it('stays silent on free text in groups', async () => {
    await startBot();
    fake.pushUpdate(messageUpdate({ text: 'chatting among ourselves', chatId: -4_000_001 }));
    expect(await replyTo('/help')).toBe(helpText('en-US')); // handled after the group message: that one got nothing
    expect(fake.sent(-4_000_001)).toEqual([]);
  });

  it('answers a button it does not know, so Telegram stops its spinner', async () => {
    await startBot();
    fake.pushUpdate(callbackQueryUpdate({ data: 'old:button', id: 'q-unknown' }));
    const answer = await fake.waitFor('answerCallbackQuery');
    expect(answer.params).toMatchObject({ callback_query_id: 'q-unknown', text: fallbackTexts('en').unknownButton });
    expect(answer.response).toMatchObject({ ok: true }); // the fake accepts one answer per pushed query, as Telegram
    // Review buttons without operator review configured are unknown too.
    fake.pushUpdate(callbackQueryUpdate({ data: 'wd:a:1', from: testUser({ language_code: 'vi' }) }));
    expect((await fake.waitFor('answerCallbackQuery')).params.text).toBe(fallbackTexts('vi').unknownButton);
  });
});
