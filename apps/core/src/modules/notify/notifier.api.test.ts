import { createGrammyTransport } from '@prism/bot';
import { FakeApiError, type FakeBotApi, startFakeBotApi } from '@prism/bot/testing';
import { eq } from 'drizzle-orm';
import { Api } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPortUrl, createTestContext, registerUser, type TestContext } from '../../testing';
import { users } from '../user/schema';
import { createNotifier } from './notifier';
import { botOutbox } from './schema';

let ctx: TestContext;
let fake: FakeBotApi;
beforeAll(async () => {
  ctx = await createTestContext();
  fake = await startFakeBotApi();
});
afterAll(async () => {
  await fake.stop();
  await ctx.close();
});

const silent = { warn: () => undefined } as never;

describe('notifier', () => {
  it('sends to the linked chat through the Bot API and records it as sent', async () => {
    const user = await registerUser(ctx);
    await ctx.db.update(users).set({ telegramId: 5_550_001 }).where(eq(users.id, user.id));
    const notifier = createNotifier(ctx.db, ctx.clock, silent, createGrammyTransport(new Api(fake.token, { apiRoot: fake.apiRoot })));
    const status = await notifier.notifyUser(user.id, 'test', {
      text: 'Hello',
      buttons: [[{ text: 'Open', url: 'https://prism.example/' }]],
    });
    expect(status).toMatchObject({ status: 'sent' });
    const call = await fake.waitFor('sendMessage');
    expect(call.params).toMatchObject({
      chat_id: 5_550_001,
      text: 'Hello',
      reply_markup: { inline_keyboard: [[{ text: 'Open', url: 'https://prism.example/' }]] },
    });
    const [row] = await ctx.db.select().from(botOutbox).where(eq(botOutbox.userId, user.id));
    expect(row).toMatchObject({ status: 'sent', chatId: 5_550_001, kind: 'test', text: 'Hello' });
  });

  it('keeps the message in the outbox when there is no bot or no linked chat, and records failures', async () => {
    const user = await registerUser(ctx);
    expect(await createNotifier(ctx.db, ctx.clock, silent).notifyUser(user.id, 'nobot', { text: 'a' })).toMatchObject({ status: 'outbox' });
    const withBot = createNotifier(ctx.db, ctx.clock, silent, createGrammyTransport(new Api(fake.token, { apiRoot: fake.apiRoot })));
    expect(await withBot.notifyUser(user.id, 'unlinked', { text: 'b' })).toMatchObject({ status: 'outbox' });

    await ctx.db.update(users).set({ telegramId: 5_550_002 }).where(eq(users.id, user.id));
    fake.handle('sendMessage', () => {
      throw new FakeApiError(403, 'Forbidden: bot was blocked by the user');
    });
    try {
      expect(await withBot.notifyUser(user.id, 'blocked', { text: 'c' })).toMatchObject({ status: 'failed', failure: 'chat' });
    } finally {
      fake.handle('sendMessage', undefined);
    }
    const rows = await ctx.db.select().from(botOutbox).where(eq(botOutbox.userId, user.id)).orderBy(botOutbox.id);
    expect(rows.map((r) => [r.kind, r.status])).toEqual([
      ['nobot', 'outbox'],
      ['unlinked', 'outbox'],
      ['blocked', 'failed'],
    ]);
    expect(rows[2]?.error).toContain('blocked');
  });

  it('tells a chat that refuses (blocked, never started) from Telegram being unreachable', async () => {
    const user = await registerUser(ctx);
    await ctx.db.update(users).set({ telegramId: 5_550_003 }).where(eq(users.id, user.id));
    const withBot = createNotifier(ctx.db, ctx.clock, silent, createGrammyTransport(new Api(fake.token, { apiRoot: fake.apiRoot })));
    const answering = async (error: FakeApiError) => {
      fake.handle('sendMessage', () => {
        throw error;
      });
      try {
        return await withBot.notifyUser(user.id, 'probe', { text: 'x' });
      } finally {
        fake.handle('sendMessage', undefined);
      }
    };
    expect(await answering(new FakeApiError(400, 'Bad Request: chat not found'))).toMatchObject({ status: 'failed', failure: 'chat' });
    expect(await answering(new FakeApiError(403, "Forbidden: bot can't initiate conversation with a user"))).toMatchObject({
      status: 'failed',
      failure: 'chat',
    });
    // The 403 marked the player blocked; an always-on message is still tried, and a 5xx then is Telegram, not the chat.
    expect(await answering(new FakeApiError(502, 'Bad Gateway'))).toMatchObject({ status: 'failed', failure: 'unreachable' });

    // Nothing listens on this port: a network error, not a refusal.
    const closed = createNotifier(
      ctx.db,
      ctx.clock,
      silent,
      createGrammyTransport(new Api(fake.token, { apiRoot: await closedPortUrl() })),
    );
    expect(await closed.notifyUser(user.id, 'probe', { text: 'y' })).toMatchObject({ status: 'failed', failure: 'unreachable' });
  });
});
