import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, lastSmsCode, registerUser, type TestContext } from '../../testing';
import { LOGIN_ACCOUNT_THROTTLE } from './throttle';

/**
 * Wrong passwords must not let a stranger shut the owner out: the wait is per account
 * and client address, the account-wide budget is roomier, and an SMS code always gets
 * the owner back in. Behind one trusted proxy hop, X-Forwarded-For names the client.
 */
let ctx: TestContext;
let direct: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { TRUST_PROXY: '1' } });
  direct = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
  await direct.close();
});

const from = (address: string) => ({ headers: { 'X-Forwarded-For': address } });
const login = (c: TestContext, phone: string, password: string, address: string) =>
  c.api.post<{ retryAfterSeconds?: number }>('/app/auth/login', { phone, password }, from(address));

describe('login throttling per client address', () => {
  it('a stranger guessing from one address cannot stop the owner logging in from another', async () => {
    const owner = await registerUser(ctx);
    const codes: number[] = [];
    for (let i = 0; i < 20; i++) codes.push((await login(ctx, owner.phone, 'wrong-password', '203.0.113.7')).code);
    expect(codes.slice(0, 4)).toEqual([11003, 11003, 11003, 11003]);
    expect(new Set(codes.slice(4))).toEqual(new Set([11042]));
    // The stranger's own address still waits, even with the right password.
    expect((await login(ctx, owner.phone, owner.password, '203.0.113.7')).code).toBe(11042);
    expect((await login(ctx, owner.phone, owner.password, '198.51.100.2')).code).toBe(200);
  });

  it('a guesser spread over many addresses hits the account budget; the owner gets back in with an SMS code', async () => {
    const owner = await registerUser(ctx);
    const answers: number[] = [];
    for (let i = 0; i < LOGIN_ACCOUNT_THROTTLE.freeFailures + 5; i++) {
      answers.push((await login(ctx, owner.phone, 'wrong-password', `10.0.${Math.floor(i / 4)}.${i % 4}`)).code);
    }
    // Each address stays under its own 5, yet the account-wide budget starts its wait at the 30th.
    expect(answers.slice(0, LOGIN_ACCOUNT_THROTTLE.freeFailures - 1).every((c) => c === 11003)).toBe(true);
    expect(new Set(answers.slice(LOGIN_ACCOUNT_THROTTLE.freeFailures - 1))).toEqual(new Set([11042]));
    const locked = await login(ctx, owner.phone, owner.password, '198.51.100.9');
    expect(locked).toMatchObject({ code: 11042, result: { retryAfterSeconds: 300 } });

    // Forgot password: the SMS code proves the phone; the new password works at once from that address.
    const sent = await ctx.api.post('/app/sms/sendSmsCodeNoAuth', { phone: owner.phone, type: 'resetLoginPwd' }, from('198.51.100.9'));
    expect(sent.code).toBe(200);
    const code = await lastSmsCode(ctx.db, owner.phone);
    const reset = await ctx.api.post(
      '/app/auth/resetLoginPwd',
      { phone: owner.phone, password: 'brand-new-1', confirmPassword: 'brand-new-1', code },
      from('198.51.100.9'),
    );
    expect(reset.code).toBe(200);
    // The guessing goes on from fresh addresses and fills the account budget again...
    for (let i = 0; i < LOGIN_ACCOUNT_THROTTLE.freeFailures + 2; i++) await login(ctx, owner.phone, 'wrong-password', `10.9.${i}.1`);
    expect((await login(ctx, owner.phone, 'brand-new-1', '10.9.200.1')).code).toBe(11042);
    // ...but the address that proved the phone gets in, and again after it has.
    expect((await login(ctx, owner.phone, 'brand-new-1', '198.51.100.9')).code).toBe(200);
    expect((await login(ctx, owner.phone, 'brand-new-1', '198.51.100.9')).code).toBe(200);
  }, 120_000);

  it('X-Forwarded-For is ignored unless TRUST_PROXY says a proxy sets it', async () => {
    const owner = await registerUser(direct);
    const codes: number[] = [];
    for (let i = 0; i < 8; i++) codes.push((await login(direct, owner.phone, 'wrong-password', `10.1.1.${i}`)).code);
    // All from the one real socket address: the fifth starts the wait, whatever the header says.
    expect(codes).toEqual([11003, 11003, 11003, 11003, 11042, 11042, 11042, 11042]);
  });
});
