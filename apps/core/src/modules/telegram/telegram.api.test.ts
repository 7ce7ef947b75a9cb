import { sign } from '@telegram-apps/init-data-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, lastSmsCode, nextPhone, registerUser, snapshotDatabase, TEST_BOT_TOKEN, type TestContext } from '../../testing';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

let telegramIds = 700_000_000;
function initData(options: { id?: number; username?: string; token?: string; authDate?: Date } = {}) {
  const id = options.id ?? ++telegramIds;
  const raw = sign(
    {
      user: { id, first_name: 'Test', ...(options.username ? { username: options.username } : {}), language_code: 'en' },
      start_param: 'ABCD2345',
    },
    options.token ?? TEST_BOT_TOKEN,
    options.authDate ?? ctx.clock.now(),
  );
  return { id, raw, headers: { Authorization: `tma ${raw}` } };
}

describe('Telegram initData', () => {
  it('links the Telegram user at login, then authenticates requests on its own', async () => {
    const user = await registerUser(ctx);
    const tg = initData({ username: 'prism_fan' });
    expect((await ctx.api.get('/app/user/getUserInfo', {}, { headers: tg.headers })).code).toBe(401);

    const login = await ctx.api.post('/app/auth/login', { phone: user.phone, password: user.password }, { headers: tg.headers });
    expect(login.code).toBe(200);
    const info = await ctx.api.get<{ id: number; telegramLinked: boolean; telegramUsername: string }>(
      '/app/user/getUserInfo',
      {},
      { headers: tg.headers },
    );
    expect(info.result).toMatchObject({ id: user.id, telegramLinked: true, telegramUsername: 'prism_fan' });
  });

  it('links at registration too, and telegramLogin then answers a token', async () => {
    const tg = initData({ username: 'newcomer' });
    const phone = nextPhone();
    await ctx.api.post('/app/sms/sendSmsCodeNoAuth', { phone, type: 'register' });
    const code = await lastSmsCode(ctx.db, phone);
    const registered = await ctx.api.post(
      '/app/auth/register',
      { phone, password: 'secret123', confirmPassword: 'secret123', code },
      { headers: tg.headers },
    );
    expect(registered.code).toBe(200);
    const login = await ctx.api.post<{ token: string }>('/app/auth/telegramLogin', {}, { headers: tg.headers });
    expect(login.code).toBe(200);
    const info = await ctx.api.get<{ phone: string; telegramUsername: string }>('/app/user/getUserInfo', {}, { token: login.result.token });
    expect(info.result).toMatchObject({ phone, telegramUsername: 'newcomer' });
  });

  it('keeps the username current when it changes in Telegram', async () => {
    const user = await registerUser(ctx);
    const first = initData({ username: 'old_name' });
    await ctx.api.post('/app/auth/login', { phone: user.phone, password: user.password }, { headers: first.headers });
    const renamed = initData({ id: first.id, username: 'new_name' });
    const info = await ctx.api.get<{ telegramUsername: string }>('/app/user/getUserInfo', {}, { headers: renamed.headers });
    expect(info.result.telegramUsername).toBe('new_name');
  });

  it('telegramLogin refuses an unlinked Telegram user', async () => {
    expect(await ctx.api.post('/app/auth/telegramLogin', {}, { headers: initData().headers })).toMatchObject({ code: 11010 });
    expect((await ctx.api.post('/app/auth/telegramLogin')).code).toBe(11009);
  });

  it('refuses forged, tampered, stale and future initData, and links nothing', async () => {
    const user = await registerUser(ctx);
    const forged = initData({ token: '987654321:another-bot-token' });
    const genuine = initData();
    const tampered = genuine.raw.replace(/%22id%22%3A\d+/, '%22id%22%3A1');
    const stale = initData({ authDate: new Date(ctx.clock.now().getTime() - 86_401_000) });
    const future = initData({ authDate: new Date(ctx.clock.now().getTime() + 3_600_000) });
    const before = await snapshotDatabase(ctx.db);
    for (const raw of [forged.raw, tampered, stale.raw, future.raw, 'user=%7B%7D&hash=abc', '']) {
      const headers = { Authorization: `tma ${raw}` };
      const login = await ctx.api.post('/app/auth/login', { phone: user.phone, password: user.password }, { headers });
      expect(login).toMatchObject({ code: 11009, message: 'Telegram launch data is invalid or expired' });
      expect((await ctx.api.get('/app/user/getUserInfo', {}, { headers })).code).toBe(401);
    }
    expect(await snapshotDatabase(ctx.db)).toEqual(before);
  });

  it('one Telegram user per account and one account per Telegram user', async () => {
    const first = await registerUser(ctx);
    const second = await registerUser(ctx);
    const tg = initData();
    expect((await ctx.api.post('/app/auth/login', { phone: first.phone, password: first.password }, { headers: tg.headers })).code).toBe(
      200,
    );
    expect(
      await ctx.api.post('/app/auth/login', { phone: second.phone, password: second.password }, { headers: tg.headers }),
    ).toMatchObject({
      code: 11011,
    });
    const other = initData();
    expect(
      await ctx.api.post('/app/auth/login', { phone: first.phone, password: first.password }, { headers: other.headers }),
    ).toMatchObject({
      code: 11016,
      message: 'This phone number is linked to another Telegram account',
    });
  });
});
