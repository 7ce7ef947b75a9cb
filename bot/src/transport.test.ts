import { Api, GrammyError } from 'grammy';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeBotApi, type FakeBotApiOptions, startFakeBotApi } from './testing/fakeBotApi';
import { createGrammyTransport } from './transport';

let fake: FakeBotApi;

async function transportOnFake(options: FakeBotApiOptions = {}) {
  fake = await startFakeBotApi(options);
  return createGrammyTransport(new Api(fake.token, { apiRoot: fake.apiRoot }));
}

afterEach(async () => {
  await fake.stop();
});

describe('createGrammyTransport', () => {
  it('sends text with url, Web App and callback buttons exactly as Telegram expects them', async () => {
    const transport = await transportOnFake();
    await transport.send(100_001, {
      text: 'Your withdrawal code is 123456',
      buttons: [
        [{ text: 'Open Prism', webAppUrl: 'https://app.example.com/wallet' }],
        [
          { text: 'Help', url: 'https://example.com/help' },
          { text: 'Not me', callbackData: 'withdrawal:42:deny' },
        ],
      ],
    });
    const call = await fake.waitFor('sendMessage');
    expect(call.params).toEqual({
      chat_id: 100_001,
      text: 'Your withdrawal code is 123456',
      reply_markup: {
        inline_keyboard: [
          [{ text: 'Open Prism', web_app: { url: 'https://app.example.com/wallet' } }],
          [
            { text: 'Help', url: 'https://example.com/help' },
            { text: 'Not me', callback_data: 'withdrawal:42:deny' },
          ],
        ],
      },
      link_preview_options: { is_disabled: true },
    });
    expect(fake.sent(100_001)).toMatchObject([{ text: 'Your withdrawal code is 123456', reply_markup: call.params.reply_markup }]);
  });

  it('sends no reply_markup without buttons', async () => {
    const transport = await transportOnFake();
    await transport.send(100_001, { text: 'Deposit received', buttons: [] });
    const call = await fake.waitFor('sendMessage');
    expect(call.params).toEqual({ chat_id: 100_001, text: 'Deposit received', link_preview_options: { is_disabled: true } });
  });

  it('rejects when Telegram refuses, so the notifier can record the failure', async () => {
    const transport = await transportOnFake({ strictChats: true });
    const error = await transport.send(555, { text: 'hello' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GrammyError);
    expect((error as GrammyError).error_code).toBe(403);
    expect(fake.sent()).toEqual([]);
  });

  it('rejects callback data over 64 bytes, which Telegram refuses', async () => {
    const transport = await transportOnFake();
    // 22 three-byte characters: 22 characters, 66 bytes.
    const error = await transport
      .send(555, { text: 'x', buttons: [[{ text: 'x', callbackData: '確'.repeat(22) }]] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GrammyError);
    expect((error as GrammyError).description).toBe('Bad Request: BUTTON_DATA_INVALID');
  });
});
