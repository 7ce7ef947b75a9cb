import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, registerUser, type TestContext } from '../../testing';
import { botOutbox } from '../notify/schema';
import { setUserLocale } from '../user';
import { telegramLinkTokens } from './schema';

/**
 * Linking Telegram from a browser with a one-time deep link, completed through
 * the sandbox's simulated Start press (/dev/telegram/start runs the bot's own
 * /start answer). The real bot path is in telegram.bot.test.ts.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { BOT_USERNAME: 'prism_test_bot' } });
});
afterAll(() => ctx.close());

interface LinkToken {
  payload: string;
  link: string | null;
  expiresIn: number;
}
const linkToken = (token: string) => ctx.api.post<LinkToken>('/app/user/telegram/linkToken', {}, { token });
const pressStart = (start: string, telegramId: number, username?: string) =>
  ctx.api.post<{ text: string }>('/dev/telegram/start', { start, telegramId: String(telegramId), ...(username ? { username } : {}) });
const info = (token: string) =>
  ctx.api.get<{ telegramLinked: boolean; telegramUsername: string | null }>('/app/user/getUserInfo', {}, { token });

let telegramIds = 810_000_000;

describe('linking Telegram from the browser', () => {
  it('answers a one-time t.me deep link; pressing Start links the chat and username, once', async () => {
    const user = await registerUser(ctx);
    const answer = await linkToken(user.token);
    expect(answer.code).toBe(200);
    expect(answer.result.payload).toMatch(/^link_[A-Za-z0-9]{32}$/);
    expect(answer.result.link).toBe(`https://t.me/prism_test_bot?start=${answer.result.payload}`);
    expect(answer.result.expiresIn).toBe(600);
    // Only a hash is kept: the token itself is not in the database.
    const [row] = await ctx.db.select().from(telegramLinkTokens).where(eq(telegramLinkTokens.userId, user.id));
    expect(row?.tokenHash).not.toContain(answer.result.payload.slice(5));

    const tg = ++telegramIds;
    const started = await pressStart(answer.result.link ?? '', tg, 'browser_bob');
    expect(started.result.text).toContain('Your Telegram account is now linked to Prism');
    expect((await info(user.token)).result).toMatchObject({ telegramLinked: true, telegramUsername: 'browser_bob' });
    // The bot's reply is in the outbox, as the sandbox shows it.
    const [reply] = await ctx.db.select().from(botOutbox).where(eq(botOutbox.chatId, tg));
    expect(reply).toMatchObject({ kind: 'start', status: 'outbox' });

    const again = await pressStart(answer.result.payload, tg, 'browser_bob');
    expect(again.result.text).toContain('This link was already used');
  });

  it('refuses an expired token, and a token that was never issued', async () => {
    const user = await registerUser(ctx);
    const answer = await linkToken(user.token);
    ctx.clock.advance(600_000);
    const late = await pressStart(answer.result.payload, ++telegramIds, 'late_lucy');
    expect(late.result.text).toContain('This link has expired');
    expect((await info(user.token)).result.telegramLinked).toBe(false);
    const forged = await pressStart('link_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', ++telegramIds);
    expect(forged.result.text).toContain('This link is not valid');
  });

  it('refuses a Telegram account already linked to another user, and keeps the token usable', async () => {
    const first = await registerUser(ctx);
    const second = await registerUser(ctx);
    const tg = ++telegramIds;
    await pressStart((await linkToken(first.token)).result.payload, tg, 'shared_sam');
    const token = (await linkToken(second.token)).result.payload;
    const refused = await pressStart(token, tg, 'shared_sam');
    expect(refused.result.text).toContain('This Telegram account is linked to another phone number');
    expect((await info(second.token)).result.telegramLinked).toBe(false);
    // Another Telegram account can still use the same link.
    const other = await pressStart(token, ++telegramIds, 'own_olga');
    expect(other.result.text).toContain('now linked');
    expect((await info(second.token)).result).toMatchObject({ telegramLinked: true, telegramUsername: 'own_olga' });
  });

  it('answers in the account’s language once linked (else the Telegram one), needs a login, and refuses bad input without 500', async () => {
    const user = await registerUser(ctx);
    // One language per user: the account's (the one notices use), not the Telegram client's.
    await setUserLocale(ctx.db, user.id, 'vi');
    const payload = (await linkToken(user.token)).result.payload;
    const vi = await ctx.api.post<{ text: string }>('/dev/telegram/start', {
      start: payload,
      telegramId: String(++telegramIds),
      languageCode: 'ar',
    });
    expect(vi.result.text).toContain('đã được liên kết');
    expect(vi.result.text).not.toMatch(/[\u0600-\u06ff]/);
    // Not linked: the Telegram client's language.
    const stranger = await ctx.api.post<{ text: string }>('/dev/telegram/start', {
      start: 'link_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      telegramId: String(++telegramIds),
      languageCode: 'zh-hant',
    });
    expect(stranger.result.text).toContain('歡迎來到 Prism');
    expect((await ctx.api.post('/app/user/telegram/linkToken', {})).code).toBe(401);
    expect((await ctx.api.post('/dev/telegram/start', { start: payload, telegramId: 'x' })).code).toBe(400);
    expect((await ctx.api.post('/dev/telegram/start', { start: 'https://t.me/x?start=', telegramId: '5', username: 'a b' })).code).toBe(
      400,
    );
  });

  it('under concurrent presses a token links once, and a Telegram account joins one user only (no 500)', async () => {
    const user = await registerUser(ctx);
    const payload = (await linkToken(user.token)).result.payload;
    const presses = await Promise.all([1, 2, 3].map(() => pressStart(payload, ++telegramIds, 'racer')));
    expect(presses.map((p) => p.code)).toEqual([200, 200, 200]);
    expect(presses.filter((p) => p.result.text.includes('now linked'))).toHaveLength(1);
    expect(presses.filter((p) => p.result.text.includes('already used'))).toHaveLength(2);

    const [a, b] = [await registerUser(ctx), await registerUser(ctx)];
    const tokens = [(await linkToken(a.token)).result.payload, (await linkToken(b.token)).result.payload];
    const tg = ++telegramIds;
    const both = await Promise.all(tokens.map((t) => pressStart(t, tg, 'twice')));
    expect(both.map((p) => p.code)).toEqual([200, 200]);
    expect(both.filter((p) => p.result.text.includes('now linked'))).toHaveLength(1);
    expect(both.filter((p) => p.result.text.includes('linked to another phone number'))).toHaveLength(1);
  });
});
