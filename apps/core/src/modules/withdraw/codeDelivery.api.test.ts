import { type BotTransport, createGrammyTransport } from '@prism/bot';
import { FakeApiError, type FakeBotApi, startFakeBotApi } from '@prism/bot/testing';
import { and, desc, eq } from 'drizzle-orm';
import { Api } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPortUrl, createTestContext, registerWithdrawer, type TestContext } from '../../testing';
import { REDACTED_TEXT } from '../notify/notifier';
import { retryOutbox } from '../notify/outboxJob';
import { botOutbox } from '../notify/schema';

/**
 * Withdrawal codes go to the user's Telegram chat through the real grammY
 * transport and the fake Bot API. A failed delivery must say why (the chat
 * refuses vs Telegram is unreachable) and must not start the resend wait.
 */
let ctx: TestContext;
let fake: FakeBotApi;
let transport: BotTransport;

beforeAll(async () => {
  fake = await startFakeBotApi();
  transport = createGrammyTransport(new Api(fake.token, { apiRoot: fake.apiRoot }));
  // The transport is switched per test between the fake and a closed port; each is the real grammY client.
  ctx = await createTestContext({
    deps: {
      botTransport: {
        send: (chatId, message) => transport.send(chatId, message),
        edit: (chatId, messageId, message) => transport.edit(chatId, messageId, message),
        prepareInlineMessage: (userId, result) => transport.prepareInlineMessage(userId, result),
        createForumTopic: (chatId, name) => transport.createForumTopic(chatId, name),
      },
    },
  });
});
afterAll(async () => {
  await ctx.close();
  await fake.stop();
});

const sendCode = (token: string) => ctx.api.post<{ resendIn: number }>('/app/user/withdraw/sendCode', {}, { token });

async function failingWith(error: FakeApiError, run: () => Promise<unknown>): Promise<void> {
  fake.handle('sendMessage', () => {
    throw error;
  });
  try {
    await run();
  } finally {
    fake.handle('sendMessage', undefined);
  }
}

describe('withdrawal code delivery', () => {
  it('a chat that blocked the bot asks the user to press Start, and the next try is not held back', async () => {
    const user = await registerWithdrawer(ctx);
    await failingWith(new FakeApiError(403, 'Forbidden: bot was blocked by the user'), async () => {
      const answer = await sendCode(user.token);
      expect(answer).toMatchObject({ code: 10034, message: expect.stringContaining('press Start') });
    });
    const retry = await sendCode(user.token);
    expect(retry).toMatchObject({ code: 200, result: { resendIn: 60 } });
    expect((await fake.waitFor('sendMessage')).params.chat_id).toBe(user.telegramId);
  });

  it('a chat Telegram does not know ("chat not found") gets the same advice', async () => {
    const user = await registerWithdrawer(ctx);
    await failingWith(new FakeApiError(400, 'Bad Request: chat not found'), async () => {
      expect((await sendCode(user.token)).code).toBe(10034);
    });
  });

  it('a Bot API answering 5xx says Telegram is unreachable, not "press Start"; retry is allowed at once', async () => {
    const user = await registerWithdrawer(ctx);
    await failingWith(new FakeApiError(502, 'Bad Gateway'), async () => {
      const answer = await sendCode(user.token);
      expect(answer).toMatchObject({ code: 10050, message: 'Telegram cannot be reached right now, please try again shortly' });
    });
    expect((await sendCode(user.token)).code).toBe(200);
  });

  it('a Bot API that is down (closed port) says Telegram is unreachable; only a delivered code starts the wait', async () => {
    const user = await registerWithdrawer(ctx);
    const working = transport;
    transport = createGrammyTransport(new Api(fake.token, { apiRoot: await closedPortUrl() }));
    try {
      expect((await sendCode(user.token)).code).toBe(10050);
    } finally {
      transport = working;
    }
    const retry = await sendCode(user.token);
    expect(retry.code).toBe(200);
    // A second request inside the interval is still refused: only failed deliveries skip the wait.
    expect((await sendCode(user.token)).code).toBe(11007);
  });

  it('a code that failed to go out is never delivered late, when Telegram comes back', async () => {
    const user = await registerWithdrawer(ctx);
    fake.setUnreachable(true);
    try {
      expect((await sendCode(user.token)).code).toBe(10050);
    } finally {
      fake.setUnreachable(false);
    }
    const [row] = await ctx.db
      .select()
      .from(botOutbox)
      .where(and(eq(botOutbox.userId, user.id), eq(botOutbox.kind, 'withdraw_code')))
      .orderBy(desc(botOutbox.id))
      .limit(1);
    expect(row).toMatchObject({ status: 'expired', nextAttemptAt: null, text: REDACTED_TEXT });
    ctx.clock.advance(60 * 60_000);
    await retryOutbox(ctx.db, transport, ctx.clock, { sleep: async () => {} });
    expect(fake.calls.filter((c) => c.method === 'sendMessage' && c.params.chat_id === user.telegramId)).toHaveLength(0);
  });
});
