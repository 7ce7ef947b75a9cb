import { createGrammyTransport } from '@prism/bot';
import { withAutoRetry } from '@prism/bot/grammy';
import { type FakeBotApi, startFakeBotApi } from '@prism/bot/testing';
import { eq, inArray } from 'drizzle-orm';
import { Api } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, registerUser, type TestContext } from '../../testing';
import { users } from '../user/schema';
import { RETRY_BASE_MS } from './delivery';
import { createNotifier } from './notifier';
import { retryOutbox } from './outboxJob';
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

const silent = { warn: () => undefined, info: () => undefined } as never;
const transport = () => createGrammyTransport(withAutoRetry(new Api(fake.token, { apiRoot: fake.apiRoot })));

describe('bot outbox retries on PostgreSQL', () => {
  it('two processes retrying at once deliver each failed message exactly once', async () => {
    const chats = Array.from({ length: 12 }, (_, i) => 6_200_000 + i);
    const notifier = createNotifier(ctx.db, ctx.clock, silent, transport());
    const ids: number[] = [];
    fake.setUnreachable(true);
    try {
      for (const chat of chats) {
        const user = await registerUser(ctx);
        await ctx.db.update(users).set({ telegramId: chat }).where(eq(users.id, user.id));
        ids.push((await notifier.notifyUser(user.id, 'withdraw_paid', { text: `paid ${chat}` })).id);
      }
    } finally {
      fake.setUnreachable(false);
    }
    ctx.clock.advance(RETRY_BASE_MS);
    // Two job instances, each with its own transport, as in two processes on one database.
    const [a, b] = await Promise.all([retryOutbox(ctx.db, transport(), ctx.clock), retryOutbox(ctx.db, transport(), ctx.clock)]);
    expect(a.sent + b.sent).toBe(chats.length);
    expect(a.sent).toBeGreaterThan(0);
    expect(b.sent).toBeGreaterThan(0);
    for (const chat of chats) {
      expect(fake.calls.filter((c) => c.method === 'sendMessage' && c.params.chat_id === chat && c.response?.ok)).toHaveLength(1);
    }
    const rows = await ctx.db.select().from(botOutbox).where(inArray(botOutbox.id, ids));
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 2)).toBe(true);
  });
});
