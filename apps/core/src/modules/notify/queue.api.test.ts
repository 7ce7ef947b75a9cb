import { createGrammyTransport } from '@prism/bot';
import { FakeApiError, type FakeBotApi, startFakeBotApi } from '@prism/bot/testing';
import { eq, inArray } from 'drizzle-orm';
import { Api } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../testing';
import { users } from '../user/schema';
import { createNotifier } from './notifier';
import { PER_SECOND, retryOutbox } from './outboxJob';
import { botOutbox } from './schema';
import { createNotificationSettings } from './settings';

/**
 * Topic messages keep to Telegram's limits (docs/telegram.md, "Limits"): a burst is spread at most
 * PER_SECOND a second overall and one a second per chat, measured where Telegram would see it (the
 * fake Bot API's arrival times); a 429 is waited out; a 403 stops everything for that player until
 * they /start the bot again.
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
const transport = () => createGrammyTransport(new Api(fake.token, { apiRoot: fake.apiRoot }));
/** The test clock moved on by the real time that passes, so queued turns fall due as the run goes. */
const runningClock = () => {
  const base = ctx.clock.now().getTime();
  const started = Date.now();
  return { now: () => new Date(base + Date.now() - started) };
};

/** Players linked to Telegram, written straight into the table (a burst needs many; signing each up takes long). */
async function linkedUsers(count: number, firstChat: number): Promise<{ id: number; chat: number }[]> {
  const rows = Array.from({ length: count }, (_, i) => ({
    phone: String(firstChat + i),
    areaCode: '99',
    passwordHash: 'x',
    invitationCode: `Q${firstChat + i}`,
    telegramId: firstChat + i,
  }));
  const made = await ctx.db.insert(users).values(rows).returning({ id: users.id, chat: users.telegramId });
  return made.map((m) => ({ id: m.id, chat: Number(m.chat) }));
}

const sendsTo = (chats: number[]) =>
  fake.calls.filter((c) => c.method === 'sendMessage' && chats.includes(Number(c.params.chat_id)) && c.response?.ok);

describe('the paced queue', () => {
  it('spreads a burst: never more than PER_SECOND a second overall, nor two a second to one chat', async () => {
    const players = await linkedUsers(60, 8_200_000);
    const notifier = createNotifier(ctx.db, ctx.clock, silent, transport());
    const [busy] = players;
    if (!busy) throw new Error('no player');
    // A big session settles: one message each; one player also has two more (income, reminder) at once.
    for (const p of players)
      expect((await notifier.notifyUser(p.id, 'game_result', { text: `r${p.id}` }, { topic: 'results' })).status).toBe('queued');
    await notifier.notifyUser(busy.id, 'income', { text: 'income' }, { topic: 'income' });
    await notifier.notifyUser(busy.id, 'notice', { text: 'notice' }, { topic: 'notices' });
    expect(fake.calls.filter((c) => c.method === 'sendMessage')).toHaveLength(0); // nothing sent by the writer

    const started = Date.now();
    const result = await retryOutbox(ctx.db, transport(), runningClock());
    expect(result).toMatchObject({ sent: 62, failed: 0 });
    const calls = sendsTo(players.map((p) => p.chat));
    expect(calls).toHaveLength(62);
    const times = calls.map((c) => c.at).sort((a, b) => a - b);
    // Overall: any 1-second window holds at most PER_SECOND (+1 for the window's edge), far under Telegram's 30.
    const busiest = Math.max(...times.map((t) => times.filter((u) => u >= t && u < t + 1000).length));
    expect(busiest).toBeLessThanOrEqual(PER_SECOND + 1);
    // Per chat: the busy player's three messages are a second apart.
    const own = sendsTo([busy.chat]).map((c) => c.at);
    expect(own).toHaveLength(3);
    for (let i = 1; i < own.length; i++) expect((own[i] as number) - (own[i - 1] as number)).toBeGreaterThanOrEqual(950);
    // 62 messages at 25 a second take about 2.5 s; the report records the figures.
    console.info(
      `burst: 62 messages in ${Date.now() - started} ms, busiest second ${busiest}, one chat's gaps ${own.map((t, i) => (i ? t - (own[i - 1] as number) : 0)).join('/')} ms`,
    );
  }, 30_000);

  it("waits out Telegram's 429 retry_after and stops the run", async () => {
    const [a, b] = await linkedUsers(2, 8_300_000);
    if (!a || !b) throw new Error('no players');
    const notifier = createNotifier(ctx.db, ctx.clock, silent, transport());
    await notifier.notifyUser(a.id, 'game_result', { text: 'a' }, { topic: 'results' });
    await notifier.notifyUser(b.id, 'game_result', { text: 'b' }, { topic: 'results' });
    fake.handle('sendMessage', () => {
      throw new FakeApiError(429, 'Too Many Requests: retry after 40', { retry_after: 40 });
    });
    try {
      const result = await retryOutbox(ctx.db, transport(), ctx.clock, { sleep: async () => {} });
      expect(result).toMatchObject({ sent: 0, failed: 1, retryAfterMs: 40_000 });
    } finally {
      fake.handle('sendMessage', undefined);
    }
    const rows = await ctx.db
      .select()
      .from(botOutbox)
      .where(inArray(botOutbox.userId, [a.id, b.id]))
      .orderBy(botOutbox.id);
    expect(rows.map((r) => r.status)).toEqual(['failed', 'queued']);
    expect(rows[0]?.nextAttemptAt?.getTime()).toBe(ctx.clock.now().getTime() + 40_000);
    // Out of the way of the next test, which refuses every send.
    await ctx.db
      .update(botOutbox)
      .set({ status: 'expired', nextAttemptAt: null })
      .where(inArray(botOutbox.userId, [a.id, b.id]));
  });

  it('stops every message to a player who blocked the bot (403) until they /start it again', async () => {
    const [player] = await linkedUsers(1, 8_400_000);
    if (!player) throw new Error('no player');
    const notifier = createNotifier(ctx.db, ctx.clock, silent, transport());
    const settings = createNotificationSettings({ db: ctx.db, clock: ctx.clock });
    await notifier.notifyUser(player.id, 'game_result', { text: 'one' }, { topic: 'results' });
    await notifier.notifyUser(player.id, 'income', { text: 'two' }, { topic: 'income' });
    fake.handle('sendMessage', () => {
      throw new FakeApiError(403, 'Forbidden: bot was blocked by the user');
    });
    try {
      expect(await retryOutbox(ctx.db, transport(), runningClock(), { sleep: async () => {} })).toMatchObject({ sent: 0, failed: 1 });
    } finally {
      fake.handle('sendMessage', undefined);
    }
    expect((await settings.view(player.id)).blocked).toBe(true);
    // Optional messages: nothing is asked of Telegram.
    const before = fake.calls.length;
    await notifier.notifyUser(player.id, 'notice', { text: 'three' }, { topic: 'notices' });
    expect(await retryOutbox(ctx.db, transport(), runningClock())).toMatchObject({ sent: 0 });
    expect(fake.calls.length).toBe(before);
    // An always-on message (a withdrawal code just asked for) is still tried: still blocked, Telegram refuses it again.
    fake.handle('sendMessage', () => {
      throw new FakeApiError(403, 'Forbidden: bot was blocked by the user');
    });
    try {
      expect(await notifier.notifyUser(player.id, 'withdraw_paid', { text: 'paid' })).toMatchObject({ status: 'failed', failure: 'chat' });
    } finally {
      fake.handle('sendMessage', undefined);
    }
    expect(fake.calls.length).toBe(before + 1);
    const rows = await ctx.db.select().from(botOutbox).where(eq(botOutbox.userId, player.id)).orderBy(botOutbox.id);
    expect(rows.map((r) => r.status)).toEqual(['failed', 'blocked', 'blocked', 'failed']);

    // /start again: sending resumes (what was dropped stays dropped).
    await settings.bot.started(player.chat);
    expect((await settings.view(player.id)).blocked).toBe(false);
    await notifier.notifyUser(player.id, 'notice', { text: 'four' }, { topic: 'notices' });
    expect(await retryOutbox(ctx.db, transport(), runningClock())).toMatchObject({ sent: 1 });
    expect(sendsTo([player.chat]).map((c) => c.params.text)).toEqual(['four']);
  });

  it('a player who unblocked the bot without /start gets the next always-on message, and the optional ones resume', async () => {
    const [player] = await linkedUsers(1, 8_500_000);
    if (!player) throw new Error('no player');
    const notifier = createNotifier(ctx.db, ctx.clock, silent, transport());
    const settings = createNotificationSettings({ db: ctx.db, clock: ctx.clock });
    fake.handle('sendMessage', () => {
      throw new FakeApiError(403, 'Forbidden: bot was blocked by the user');
    });
    try {
      expect(await notifier.notifyUser(player.id, 'withdraw_code', { text: 'code 1' })).toMatchObject({ failure: 'chat' });
    } finally {
      fake.handle('sendMessage', undefined);
    }
    expect((await settings.view(player.id)).blocked).toBe(true);
    expect(await notifier.notifyUser(player.id, 'withdraw_code', { text: 'code 2' })).toMatchObject({ status: 'sent' });
    expect((await settings.view(player.id)).blocked).toBe(false);
  });
});
