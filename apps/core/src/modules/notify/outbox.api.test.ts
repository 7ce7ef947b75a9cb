import { createGrammyTransport } from '@prism/bot';
import { withAutoRetry } from '@prism/bot/grammy';
import { FakeApiError, type FakeBotApi, startFakeBotApi } from '@prism/bot/testing';
import { eq } from 'drizzle-orm';
import { Api } from 'grammy';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, registerUser, type TestContext } from '../../testing';
import { notifyAfterCommit } from '../recharge/notices';
import { users } from '../user/schema';
import { RETRY_BASE_MS, SEND_LEASE_MS } from './delivery';
import { createNotifier, REDACTED_TEXT } from './notifier';
import { retryOutbox, startOutboxJob } from './outboxJob';
import { botOutbox } from './schema';

/**
 * Bot messages are delivered at least once after Telegram comes back (docs/telegram.md, "Bot messages: delivery guarantees"): the outbox keeps
 * what failed with its next retry time, and the retry job sends it; what is no longer true is not.
 */
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

const silent = { warn: () => undefined, info: () => undefined } as never;
const noWait = async () => {};
const transport = () => createGrammyTransport(withAutoRetry(new Api(fake.token, { apiRoot: fake.apiRoot })));
const notifier = () => createNotifier(ctx.db, ctx.clock, silent, transport());
const sentTo = (chatId: number) =>
  fake.calls.filter((c) => c.method === 'sendMessage' && c.params.chat_id === chatId && c.response?.ok).map((c) => c.params.text);

async function linkedUser(chatId: number): Promise<number> {
  const user = await registerUser(ctx);
  await ctx.db.update(users).set({ telegramId: chatId }).where(eq(users.id, user.id));
  return user.id;
}

const rowsOf = (userId: number) => ctx.db.select().from(botOutbox).where(eq(botOutbox.userId, userId)).orderBy(botOutbox.id);

describe('bot outbox retries', () => {
  it('withdrawal-approved and recharge-received notices written while Telegram is unreachable are delivered once it is back', async () => {
    const chat = 6_100_001;
    const userId = await linkedUser(chat);
    fake.setUnreachable(true);
    try {
      const approved = await notifier().notifyUser(userId, 'withdraw_paid', { text: 'Withdrawal W1 approved: 50.00 CASH' });
      expect(approved).toMatchObject({ status: 'failed', failure: 'unreachable' });
      await notifyAfterCommit({ db: ctx.db, notifier: notifier(), logger: silent }, userId, 'recharge_credited', {
        orderNo: 'R1',
        amount: '100.00',
        currency: 'CASH',
      });
      // Still down: a run tries, fails, and backs off further.
      ctx.clock.advance(RETRY_BASE_MS);
      expect(await retryOutbox(ctx.db, transport(), ctx.clock, { sleep: noWait })).toMatchObject({ sent: 0, failed: 1 });
    } finally {
      fake.setUnreachable(false);
    }
    const failed = await rowsOf(userId);
    expect(failed.map((r) => [r.kind, r.status])).toEqual([
      ['withdraw_paid', 'failed'],
      ['recharge_credited', 'failed'],
    ]);
    expect(failed[0]?.attempts).toBe(2);
    expect(failed[0]?.nextAttemptAt?.getTime()).toBe(ctx.clock.now().getTime() + 2 * RETRY_BASE_MS);
    expect(sentTo(chat)).toEqual([]);

    // Back: the notice whose retry is due goes; the one just tried again waits for its (doubled) delay.
    expect(await retryOutbox(ctx.db, transport(), ctx.clock, { sleep: noWait })).toMatchObject({ sent: 1, failed: 0 });
    expect(sentTo(chat)).toEqual([expect.stringContaining('R1')]);
    ctx.clock.advance(2 * RETRY_BASE_MS);
    expect(await retryOutbox(ctx.db, transport(), ctx.clock, { sleep: noWait })).toMatchObject({ sent: 1, failed: 0 });
    expect(sentTo(chat)).toEqual([expect.stringContaining('R1'), 'Withdrawal W1 approved: 50.00 CASH']);
    expect((await rowsOf(userId)).map((r) => [r.status, r.nextAttemptAt])).toEqual([
      ['sent', null],
      ['sent', null],
    ]);
    ctx.clock.advance(3600_000);
    await retryOutbox(ctx.db, transport(), ctx.clock, { sleep: noWait });
    expect(sentTo(chat)).toHaveLength(2);
  });

  it("honours Telegram's 429 retry_after in place (auto-retry)", async () => {
    const chat = 6_100_002;
    const userId = await linkedUser(chat);
    // Telegram's flood control, once: the next request goes to the built-in handler.
    fake.handle('sendMessage', () => {
      fake.handle('sendMessage', undefined);
      throw new FakeApiError(429, 'Too Many Requests: retry after 1', { retry_after: 1 });
    });
    const started = Date.now();
    const delivery = await notifier().notifyUser(userId, 'withdraw_paid', { text: 'paid' });
    expect(delivery.status).toBe('sent');
    const calls = fake.calls.filter((c) => c.method === 'sendMessage' && c.params.chat_id === chat);
    expect(calls.map((c) => c.response?.ok)).toEqual([false, true]);
    expect((calls[1]?.at ?? 0) - (calls[0]?.at ?? 0)).toBeGreaterThanOrEqual(950);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('a chat that refused (blocked the bot) is not retried', async () => {
    const chat = 6_100_003;
    const userId = await linkedUser(chat);
    fake.handle('sendMessage', () => {
      throw new FakeApiError(403, 'Forbidden: bot was blocked by the user');
    });
    try {
      expect(await notifier().notifyUser(userId, 'withdraw_paid', { text: 'x' })).toMatchObject({ status: 'failed', failure: 'chat' });
    } finally {
      fake.handle('sendMessage', undefined);
    }
    ctx.clock.advance(3600_000);
    await retryOutbox(ctx.db, transport(), ctx.clock, { sleep: noWait });
    expect(sentTo(chat)).toEqual([]);
    expect((await rowsOf(userId)).map((r) => [r.status, r.nextAttemptAt, r.attempts])).toEqual([['failed', null, 1]]);
  });

  it('a code past its expiry when Telegram comes back is marked expired and never sent', async () => {
    const chat = 6_100_004;
    const userId = await linkedUser(chat);
    fake.setUnreachable(true);
    try {
      const expiresAt = new Date(ctx.clock.now().getTime() + 5 * 60_000);
      await notifier().notifyUser(userId, 'verify_code', { text: 'Your code is 123456' }, { secret: true, expiresAt });
    } finally {
      fake.setUnreachable(false);
    }
    // Kept (unsent) until it is given up: the retry needs the text.
    expect((await rowsOf(userId))[0]).toMatchObject({ status: 'failed', text: 'Your code is 123456' });
    ctx.clock.advance(10 * 60_000);
    expect(await retryOutbox(ctx.db, transport(), ctx.clock, { sleep: noWait })).toMatchObject({ sent: 0, expired: 1 });
    expect(sentTo(chat)).toEqual([]);
    expect((await rowsOf(userId))[0]).toMatchObject({ status: 'expired', text: REDACTED_TEXT, nextAttemptAt: null });
  });

  it('a restarted job sends what was pending before, including a send its process died in', async () => {
    const chat = 6_100_005;
    const userId = await linkedUser(chat);
    fake.setUnreachable(true);
    try {
      await notifier().notifyUser(userId, 'withdraw_paid', { text: 'before the restart' });
    } finally {
      fake.setUnreachable(false);
    }
    // A process that died between writing the row and Telegram's answer leaves it 'sending' under a lease.
    const [died] = await ctx.db
      .insert(botOutbox)
      .values({
        chatId: chat,
        userId,
        kind: 'recharge_credited',
        text: 'died mid-send',
        status: 'sending',
        attempts: 1,
        createdAt: ctx.clock.now(),
        nextAttemptAt: new Date(ctx.clock.now().getTime() + SEND_LEASE_MS),
      })
      .returning();
    ctx.clock.advance(SEND_LEASE_MS);
    const stop = startOutboxJob(ctx.db, transport(), ctx.clock, silent, 60_000);
    try {
      await vi.waitFor(
        async () =>
          expect((await rowsOf(userId)).map((r) => [r.id === died?.id, r.status, r.attempts])).toEqual([
            [false, 'sent', 2],
            [true, 'sent', 2],
          ]),
        { timeout: 5_000, interval: 50 },
      );
    } finally {
      stop();
    }
    expect(sentTo(chat)).toEqual(['before the restart', 'died mid-send']);
  });
});
