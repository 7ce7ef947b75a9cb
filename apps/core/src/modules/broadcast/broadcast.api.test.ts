import { createGrammyTransport } from '@prism/bot';
import { FakeApiError, type FakeBotApi, startFakeBotApi } from '@prism/bot/testing';
import type { GiftCodeView, Paged, SysMessage } from '@prism/domain';
import { sql } from 'drizzle-orm';
import { Api } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { createTestContext, fundUser, registerUser, TEST_OPS_TOKEN, type TestContext, type TestUser } from '../../testing';
import { seedBet } from '../../testing/team';
import { runRebates } from '../team/job';
import { deliverBroadcasts } from './job';
import type { BroadcastView } from './service';

let ctx: TestContext;
let fake: FakeBotApi;
beforeAll(async () => {
  ctx = await createTestContext({ env: { TOKEN_TTL_HOURS: '8760' } });
  fake = await startFakeBotApi();
});
afterAll(async () => {
  await fake.stop();
  await ctx.close();
});

const asOperator = { headers: { Authorization: `Ops ${TEST_OPS_TOKEN}` } };
const broadcast = (title: string, text: string) => ctx.api.post<BroadcastView>('/admin/broadcasts', { title, text }, asOperator);
const inbox = (user: TestUser, headers: Record<string, string> = {}) =>
  ctx.api.get<Paged<SysMessage> & { unread: number }>(
    '/app/sysMessage/findUserMsgList',
    { pageSize: '50' },
    { token: user.token, headers },
  );
const transport = () => createGrammyTransport(new Api(fake.token, { apiRoot: fake.apiRoot }));
const noWait = async () => {};
const linkTelegram = (user: TestUser, chatId: number) =>
  ctx.db.execute(sql`update users set telegram_id = ${chatId} where id = ${user.id}`);
/** sendMessage calls Telegram accepted, per chat. */
const deliveredTo = (chatId: number) =>
  fake.calls.filter((call) => call.method === 'sendMessage' && call.params.chat_id === chatId && call.response?.ok).length;
const statuses = async (id: number) =>
  Object.fromEntries(
    (
      await queryRows<{ s: string; n: string | number }>(
        ctx.db,
        sql`select telegram_status as s, count(*) as n from broadcast_deliveries where broadcast_id = ${id} group by 1`,
      )
    ).map((row) => [row.s, Number(row.n)]),
  );

describe('messages', () => {
  it('an empty list answers no messages and 0 unread; reading one lowers the unread count', async () => {
    const user = await registerUser(ctx);
    expect((await inbox(user)).result).toMatchObject({ content: [], totalElements: 0, unread: 0 });
    await broadcast('First', 'one');
    await broadcast('Second', 'two');
    const listed = await inbox(user);
    expect(listed.result).toMatchObject({ totalElements: 2, unread: 2 });
    const [newest] = listed.result.content;
    expect(newest).toMatchObject({ kind: 'broadcast', title: 'Second', content: 'two', read: false });
    expect((await ctx.api.post('/app/sysMessage/readMsg', { id: String(newest?.id) }, { token: user.token })).code).toBe(200);
    const after = await inbox(user);
    expect(after.result.unread).toBe(1);
    expect(after.result.content[0]?.read).toBe(true);
  });

  it('sign-in and gift-code rewards and team rebates post messages, in the reader language', async () => {
    ctx.clock.set('2026-09-01T08:00:00Z');
    const root = await registerUser(ctx);
    const member = await registerUser(ctx, { invitationCode: root.invitation });
    expect((await ctx.api.post('/app/signIn/signIn', {}, { token: member.token })).code).toBe(200);
    const code = await ctx.api.post<GiftCodeView>(
      '/admin/giftCodes',
      { asset: 'CASH', amount: '1.50', totalUses: '5', days: '7' },
      asOperator,
    );
    expect((await ctx.api.post('/app/giftCode/redeem', { code: code.result.code }, { token: member.token })).code).toBe(200);
    const kinds = (await inbox(member)).result.content.map((m) => m.kind);
    expect(kinds).toEqual(expect.arrayContaining(['reward_sign_in', 'reward_gift_code']));
    const gift = (await inbox(member)).result.content.find((m) => m.kind === 'reward_gift_code');
    expect(gift).toMatchObject({
      title: 'Gift code redeemed',
      content: `Gift code ${code.result.code}: 1.50 CASH has been added to your balance.`,
    });

    await fundUser(ctx, member.id, 'CASH', 10_000n);
    await seedBet(ctx.db, member.id, { total: 10_000n, at: ctx.clock.now() });
    ctx.clock.set('2026-09-02T01:00:00Z');
    await runRebates(ctx.db, ctx.clock, ctx.services.config);
    await runRebates(ctx.db, ctx.clock, ctx.services.config); // paid once, so posted once
    const rebates = (await inbox(root)).result.content.filter((m) => m.kind === 'rebate_paid');
    expect(rebates.map((m) => m.content).sort()).toEqual([
      'Your bet rebate for 2026-09-01: 0.30 CHIP has been added to your balance.',
      'Your recharge rebate for 2026-09-01: 1.00 CASH has been added to your balance.',
    ]);
    const zh = (await inbox(root, { 'Accept-Language': 'zh-TW' })).result.content.find((m) => m.kind === 'rebate_paid');
    expect(zh?.title).toBe('團隊返佣已到帳');
  });
});

describe('broadcasts', () => {
  it('reach every user list once and, paced, every linked Telegram chat once; an interrupted run resumes', async () => {
    const users = [await registerUser(ctx), await registerUser(ctx), await registerUser(ctx), await registerUser(ctx)];
    const chats = [810_001, 810_002, 810_003];
    for (const [i, chat] of chats.entries()) await linkTelegram(users[i] as TestUser, chat);
    const [everyone] = await queryRows<{ n: string | number }>(ctx.db, sql`select count(*) as n from users`);
    const created = await broadcast('Maintenance', 'Back at 10:00 UTC.');
    expect(created.code).toBe(200);
    expect(created.result).toMatchObject({ title: 'Maintenance', status: 'delivering', recipients: Number(everyone?.n) });
    for (const user of users) {
      const mine = (await inbox(user)).result.content.filter((m) => m.title === 'Maintenance');
      expect(mine).toHaveLength(1);
    }

    const first = await deliverBroadcasts(ctx.db, transport(), ctx.clock, { limit: 1, sleep: noWait });
    expect(first.sent).toBe(1);
    expect(await statuses(created.result.id)).toMatchObject({ sent: 1 });
    const rest = await deliverBroadcasts(ctx.db, transport(), ctx.clock, { sleep: noWait });
    expect(rest.sent).toBeGreaterThanOrEqual(2);
    await deliverBroadcasts(ctx.db, transport(), ctx.clock, { sleep: noWait });
    for (const chat of chats) expect(deliveredTo(chat)).toBe(1);
    const sent = fake.sent(810_001).map((m) => m.text);
    expect(sent).toEqual(['Maintenance\n\nBack at 10:00 UTC.']);
    const listed = await ctx.api.get<Paged<BroadcastView>>('/admin/broadcasts', {}, asOperator);
    expect(listed.result.content[0]).toMatchObject({ id: created.result.id, status: 'done' });
    expect(listed.result.content[0]?.telegram.pending).toBeUndefined();
  });

  it('paces sends to 25 per second, waits out a 429, and marks a 403 chat blocked without retrying it', async () => {
    const [a, b] = [await registerUser(ctx), await registerUser(ctx)];
    await linkTelegram(a, 820_001);
    await linkTelegram(b, 820_002);
    let flooded = false;
    fake.handle('sendMessage', (params) => {
      if (params.chat_id === 820_002) throw new FakeApiError(403, 'Forbidden: bot was blocked by the user');
      if (!flooded) {
        flooded = true;
        throw new FakeApiError(429, 'Too Many Requests: retry after 3', { retry_after: 3 });
      }
      return { message_id: 1, date: 0, chat: { id: params.chat_id, type: 'private', first_name: 'x' }, text: params.text };
    });
    try {
      const created = await broadcast('Promo', 'Hello');
      const waits: number[] = [];
      const result = await deliverBroadcasts(ctx.db, transport(), ctx.clock, {
        sleep: async (ms) => {
          waits.push(ms);
        },
      });
      // Chats linked by earlier tests get it too; the 403 chat is the only blocked one.
      expect(result).toMatchObject({ blocked: 1, failed: 0 });
      expect(waits).toContain(3000);
      expect(await statuses(created.result.id)).toMatchObject({ sent: result.sent, blocked: 1 });
      expect(fake.calls.filter((c) => c.method === 'sendMessage' && c.params.chat_id === 820_001 && c.response?.ok)).toHaveLength(1);
      const again = await deliverBroadcasts(ctx.db, transport(), ctx.clock, { sleep: noWait });
      expect(again).toEqual({ sent: 0, failed: 0, blocked: 0 });
    } finally {
      fake.handle('sendMessage', undefined);
    }
  });

  it('measures the pace: n sends take at least (n - 1) x 40 ms at 25 per second', async () => {
    const users = await Promise.all(Array.from({ length: 5 }, () => registerUser(ctx)));
    for (const [i, user] of users.entries()) await linkTelegram(user, 830_000 + i);
    for (let i = 0; i < 6; i++) await broadcast(`Pace ${i}`, 'x');
    const started = Date.now();
    const result = await deliverBroadcasts(ctx.db, transport(), ctx.clock);
    const [linked] = await queryRows<{ n: string | number }>(ctx.db, sql`select count(*) as n from users where telegram_id is not null`);
    const expected = 6 * Number(linked?.n);
    expect(expected).toBeGreaterThanOrEqual(30);
    expect(result.sent).toBe(expected);
    expect(Date.now() - started).toBeGreaterThanOrEqual((expected - 1) * 40 - 5);
  });

  it('refuses an empty title or text and changes nothing', async () => {
    const before = await ctx.api.get<Paged<BroadcastView>>('/admin/broadcasts', {}, asOperator);
    const refused = await ctx.api.post('/admin/broadcasts', { title: '  ', text: 'x' }, asOperator);
    expect(refused.code).not.toBe(200);
    expect((await ctx.api.post('/admin/broadcasts', { title: 'x' }, asOperator)).code).not.toBe(200);
    const after = await ctx.api.get<Paged<BroadcastView>>('/admin/broadcasts', {}, asOperator);
    expect(after.result.totalElements).toBe(before.result.totalElements);
  });
});
