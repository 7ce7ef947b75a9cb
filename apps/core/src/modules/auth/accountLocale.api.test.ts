import { sign } from '@telegram-apps/init-data-node';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, registerWithdrawer, TEST_BOT_TOKEN, type TestContext } from '../../testing';
import { botOutbox } from '../notify/schema';
import { users } from '../user/schema';

/**
 * The account's language follows the app's: a Telegram sign-in and a language picked in the app
 * both set it, and the bot's messages (here a withdrawal code) are then written in it.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

function launchOf(telegramId: number, languageCode: string) {
  const user = { id: telegramId, first_name: 'Test', username: `user${telegramId}`, language_code: languageCode };
  const raw = sign({ user }, TEST_BOT_TOKEN, ctx.clock.now());
  return `tma ${raw}`;
}

async function accountLocale(userId: number): Promise<string | undefined> {
  const [row] = await ctx.db.select({ locale: users.locale }).from(users).where(eq(users.id, userId));
  return row?.locale;
}

async function lastCodeText(userId: number): Promise<string> {
  const [row] = await ctx.db
    .select({ text: botOutbox.text })
    .from(botOutbox)
    .where(and(eq(botOutbox.userId, userId), eq(botOutbox.kind, 'withdraw_code')))
    .orderBy(desc(botOutbox.id))
    .limit(1);
  return row?.text ?? '';
}

describe("the account's language", () => {
  it('telegramLogin with Accept-Language ar makes the account Arabic, and the withdrawal code comes in Arabic', async () => {
    const user = await registerWithdrawer(ctx);
    expect(await accountLocale(user.id)).toBe('en-US');
    const login = await ctx.api.post<{ token: string }>(
      '/app/auth/telegramLogin',
      {},
      { headers: { Authorization: launchOf(user.telegramId, 'ar'), 'Accept-Language': 'ar' } },
    );
    expect(login.code).toBe(200);
    expect(await accountLocale(user.id)).toBe('ar');

    expect((await ctx.api.post('/app/user/withdraw/sendCode', {}, { token: login.result.token })).code).toBe(200);
    expect(await lastCodeText(user.id)).toContain('رمز السحب');
  });

  it('telegramLogin without a language of ours in Accept-Language keeps the account language (the app always sends one)', async () => {
    const user = await registerWithdrawer(ctx);
    await ctx.db.update(users).set({ locale: 'vi' }).where(eq(users.id, user.id));
    const login = await ctx.api.post(
      '/app/auth/telegramLogin',
      {},
      { headers: { Authorization: launchOf(user.telegramId, 'fa'), 'Accept-Language': '*' } },
    );
    expect(login.code).toBe(200);
    expect(await accountLocale(user.id)).toBe('vi');
  });

  it('a language picked in the app (modifyUserBaseInfo locale) becomes the account language', async () => {
    const user = await registerWithdrawer(ctx);
    const changed = await ctx.api.post('/app/user/modifyUserBaseInfo', { locale: 'fa' }, { token: user.token });
    expect(changed.code).toBe(200);
    expect(await accountLocale(user.id)).toBe('fa');
    ctx.clock.advance(61_000);
    expect((await ctx.api.post('/app/user/withdraw/sendCode', {}, { token: user.token })).code).toBe(200);
    expect(await lastCodeText(user.id)).toContain('کد برداشت');

    const unknown = await ctx.api.post('/app/user/modifyUserBaseInfo', { locale: 'de' }, { token: user.token });
    expect(unknown).toMatchObject({ code: 400, result: { field: 'locale' } });
    expect(await accountLocale(user.id)).toBe('fa');
  });
});
