import { callbackQueryUpdate, type FakeBotApi, messageUpdate, type RecordedCall, testUser } from '@prism/bot/testing';
import type { NotificationSettingsView } from '@prism/domain';
import type { Message } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../platform/clock';
import { type BotServer, startBotServer, type TestApi } from '../../testing';
import { markBlocked } from './prefs';

/**
 * /settings through a real server and the bot on a fake Bot API: the buttons write the same stored
 * choices the app reads (docs/telegram.md, "Notifications"), and /start lifts a block.
 */
let fake: FakeBotApi;
let api: TestApi;
let server: BotServer;

beforeAll(async () => {
  server = await startBotServer((fake) => ({ BOT_USERNAME: fake.botInfo.username, MINI_APP_URL: 'https://app.example.com/' }));
  ({ fake, api } = server);
}, 120_000);

afterAll(() => server?.stop());

async function linkedPlayer(phone: string, telegramId: number): Promise<{ token: string; tg: ReturnType<typeof testUser> }> {
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
  const tg = testUser({ id: telegramId, username: `p${telegramId}` });
  const link = await api.post<{ payload: string }>('/app/user/telegram/linkToken', {}, { token });
  await send(`/start ${link.result.payload}`, tg);
  return { token, tg };
}

async function send(text: string, from: ReturnType<typeof testUser>): Promise<RecordedCall> {
  fake.pushUpdate(messageUpdate({ text, from }));
  return fake.waitFor((call) => call.method === 'sendMessage' && call.params.chat_id === from.id);
}

async function press(data: string, from: ReturnType<typeof testUser>, message: Message): Promise<RecordedCall> {
  fake.pushUpdate(callbackQueryUpdate({ data, from, message }));
  return fake.waitFor((call) => call.method === 'answerCallbackQuery');
}

const buttons = (call: RecordedCall) =>
  ((call.params.reply_markup as { inline_keyboard: { text: string; callback_data: string }[][] }).inline_keyboard ?? []).flat();

describe('/settings against core', () => {
  it('shows the choices as buttons and writes the row the app reads', async () => {
    const { token, tg } = await linkedPlayer('9123460001', 620_001);
    const shown = await send('/settings', tg);
    expect(String(shown.params.text)).toContain('Deposits, withdrawals, security and support messages are always sent');
    expect(buttons(shown).map((b) => b.text)).toEqual([
      '✅ Bet results',
      '✅ Rebates and daily income',
      '⬜ Daily sign-in reminder',
      '✅ Notices',
      '🕗 Reminder time: 20:00 (UTC)',
    ]);
    const message = fake.sent(tg.id).at(-1) as Message;

    await press('ns:t:results', tg, message);
    const edited = await fake.waitFor('editMessageText');
    expect(buttons(edited)[0]?.text).toBe('⬜ Bet results');
    const after = await api.get<NotificationSettingsView>('/app/user/notifications', {}, { token });
    expect(after.result.topics).toEqual({ results: false, income: true, reminder: false, notices: true });

    await press('ns:r', tg, message);
    const hours = await fake.waitFor('editMessageText');
    expect(buttons(hours).map((b) => b.callback_data)).toContain('ns:r:09:00');
    expect(buttons(hours).map((b) => b.callback_data)).not.toContain('ns:r:23:00');
    await press('ns:r:09:00', tg, message);
    await fake.waitFor('editMessageText');
    const reminded = await api.get<NotificationSettingsView>('/app/user/notifications', {}, { token });
    expect(reminded.result).toMatchObject({ reminderTime: '09:00', topics: { reminder: true } });
  });

  it('answers an unlinked Telegram user with how to link, and /start lifts a block', async () => {
    const stranger = testUser({ id: 620_099 });
    expect(String((await send('/settings', stranger)).params.text)).toContain('not linked to Prism yet');

    const { token, tg } = await linkedPlayer('9123460002', 620_002);
    const me = await api.get<{ id: number }>('/app/user/getUserInfo', {}, { token });
    await markBlocked(server.running.db, systemClock, me.result.id);
    expect((await api.get<NotificationSettingsView>('/app/user/notifications', {}, { token })).result.blocked).toBe(true);
    await send('/start', tg);
    expect((await api.get<NotificationSettingsView>('/app/user/notifications', {}, { token })).result.blocked).toBe(false);
  });
});
