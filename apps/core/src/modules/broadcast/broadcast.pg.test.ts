import { createGrammyTransport } from '@prism/bot';
import { type FakeBotApi, startFakeBotApi } from '@prism/bot/testing';
import { sql } from 'drizzle-orm';
import { Api } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, registerUser, TEST_OPS_TOKEN, type TestContext } from '../../testing';
import { deliverBroadcasts } from './job';

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

const transport = () => createGrammyTransport(new Api(fake.token, { apiRoot: fake.apiRoot }));

describe('broadcast delivery on PostgreSQL', () => {
  it('two runs at once (and one stopped early, then resumed) send every linked chat exactly once', async () => {
    const chats = Array.from({ length: 12 }, (_, i) => 840_000 + i);
    for (const chat of chats) {
      const user = await registerUser(ctx);
      await ctx.db.execute(sql`update users set telegram_id = ${chat} where id = ${user.id}`);
    }
    const created = await ctx.api.post(
      '/admin/broadcasts',
      { title: 'Hi', text: 'All' },
      { headers: { Authorization: `Ops ${TEST_OPS_TOKEN}` } },
    );
    expect(created.code).toBe(200);
    const noWait = async () => {};
    // An interrupted run: stops after 3.
    expect((await deliverBroadcasts(ctx.db, transport(), ctx.clock, { limit: 3, sleep: noWait })).sent).toBe(3);
    const [a, b] = await Promise.all([
      deliverBroadcasts(ctx.db, transport(), ctx.clock, { perSecond: 200 }),
      deliverBroadcasts(ctx.db, transport(), ctx.clock, { perSecond: 200 }),
    ]);
    expect(a.sent + b.sent).toBe(9);
    expect(a.sent).toBeGreaterThan(0);
    expect(b.sent).toBeGreaterThan(0);
    for (const chat of chats) {
      expect(fake.calls.filter((c) => c.method === 'sendMessage' && c.params.chat_id === chat && c.response?.ok)).toHaveLength(1);
    }
  });
});
