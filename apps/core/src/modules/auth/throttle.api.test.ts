import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, nextPhone, registerUser, type TestContext, type TestUser } from '../../testing';
import { passwordThrottles } from '../throttle/schema';
import { delayAfter } from '../throttle/throttle';
import { LOGIN_THROTTLE } from './throttle';

/** Wrong passwords per account: a growing wait, never a permanent lock, counted in the database. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Throttled = { retryAfterSeconds: number } | null;
const login = (phone: string, password: string, headers: Record<string, string> = {}) =>
  ctx.api.post<Throttled>('/app/auth/login', { phone, password }, { headers });

describe('wrong passwords per account', () => {
  it('50 wrong, then the right one, is refused with the wait; after the wait the right one logs in', async () => {
    const user = await registerUser(ctx);
    const codes: number[] = [];
    for (let i = 0; i < 50; i++) codes.push((await login(user.phone, 'wrong-password')).code);
    expect(codes.slice(0, 4)).toEqual([11003, 11003, 11003, 11003]);
    expect(new Set(codes.slice(4))).toEqual(new Set([11042]));

    const refused = await login(user.phone, user.password);
    expect(refused).toMatchObject({
      code: 11042,
      message: 'Too many wrong passwords for this account, please try again in 30 seconds',
      result: { retryAfterSeconds: 30 },
    });
    // The row is in the database, so every process sees the same budget.
    const [row] = await ctx.db
      .select()
      .from(passwordThrottles)
      .where(eq(passwordThrottles.key, `login:${user.id}`));
    expect(row?.failures).toBe(5);

    ctx.clock.advance(30_000);
    expect((await login(user.phone, user.password)).code).toBe(200);
    // A success starts afresh.
    for (let i = 0; i < 4; i++) expect((await login(user.phone, 'wrong-password')).code).toBe(11003);
    expect((await login(user.phone, user.password)).code).toBe(200);
  });

  it('the wait doubles with each further wrong password, up to 15 minutes, and says so in the caller language', async () => {
    const user = await registerUser(ctx);
    for (let i = 0; i < 4; i++) await login(user.phone, 'wrong-password');
    // The fifth wrong one starts the first wait; each wrong one after a wait starts a longer one.
    const waits = [(await login(user.phone, 'wrong-password')).result?.retryAfterSeconds ?? 0];
    for (let i = 0; i < 6; i++) {
      ctx.clock.advance((waits.at(-1) ?? 0) * 1000);
      const answer = await login(user.phone, 'wrong-password');
      expect(answer.code).toBe(11042);
      waits.push(answer.result?.retryAfterSeconds ?? 0);
    }
    expect(waits).toEqual([30, 60, 120, 240, 480, 900, 900]);
    expect([5, 6, 7, 8, 9, 10, 30].map((n) => delayAfter(n, LOGIN_THROTTLE) / 1000)).toEqual(waits);

    expect((await login(user.phone, user.password, { 'Accept-Language': 'zh-TW' })).message).toBe(
      '此帳號密碼錯誤次數過多，請於 15 分鐘後再試',
    );
    expect((await login(user.phone, user.password, { 'Accept-Language': 'vi' })).message).toBe(
      'Nhập sai mật khẩu quá nhiều lần cho tài khoản này, vui lòng thử lại sau 15 phút',
    );
  });

  it('is per account: others log in, and a phone with no account answers exactly like one with', async () => {
    const [victim, bystander] = [await registerUser(ctx), await registerUser(ctx)];
    const stranger = nextPhone();
    const victimCodes: number[] = [];
    const strangerCodes: number[] = [];
    for (let i = 0; i < 7; i++) {
      victimCodes.push((await login(victim.phone, 'wrong-password')).code);
      strangerCodes.push((await login(stranger, 'wrong-password')).code);
    }
    expect(strangerCodes).toEqual(victimCodes);
    expect((await login(bystander.phone, bystander.password)).code).toBe(200);
  });

  it('a day later the failures are forgotten', async () => {
    const user: TestUser = await registerUser(ctx);
    for (let i = 0; i < 4; i++) await login(user.phone, 'wrong-password');
    ctx.clock.advance(24 * 3_600_000 + 1000);
    for (let i = 0; i < 4; i++) expect((await login(user.phone, 'wrong-password')).code).toBe(11003);
  });
});
