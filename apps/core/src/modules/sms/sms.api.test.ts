import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  lastSmsCode,
  nextPhone,
  registerUser,
  registerWithdrawer,
  snapshotDatabase,
  type TestContext,
} from '../../testing';
import { smsOutbox, verificationCodes } from './schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const register = (phone: string, code: string) =>
  ctx.api.post('/app/auth/register', { phone, password: 'secret123', confirmPassword: 'secret123', code });
const send = (phone: string, type = 'register') =>
  ctx.api.post<{ resendIn: number; expiresIn: number }>('/app/sms/sendSmsCodeNoAuth', { phone, type });

describe('sendSmsCodeNoAuth', () => {
  it('writes a 6-digit code to the outbox, stores only its hash, and answers the timings', async () => {
    const phone = nextPhone();
    const answer = await send(phone);
    expect(answer).toMatchObject({ code: 200, result: { resendIn: 60, expiresIn: 300 } });
    const code = await lastSmsCode(ctx.db, phone);
    expect(code).toMatch(/^\d{6}$/);
    const rows = await ctx.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.target, `sms:91:${phone}`));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.codeHash).not.toContain(code);
    expect(rows[0]?.codeHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('writes the SMS in the caller language', async () => {
    const phone = nextPhone();
    await ctx.api.post('/app/sms/sendSmsCodeNoAuth', { phone, type: 'register' }, { headers: { 'Accept-Language': 'vi-VN' } });
    const [row] = await ctx.db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone));
    expect(row?.text).toContain('Mã xác minh');
  });

  it('refuses a second code within 60 s, saying how long to wait, allows it after', async () => {
    const phone = nextPhone();
    expect((await send(phone)).code).toBe(200);
    ctx.clock.advance(29_000);
    expect(await send(phone)).toMatchObject({
      code: 11007,
      message: 'Please wait 31 seconds before requesting another code',
      result: { retryAfterSeconds: 31 },
    });
    ctx.clock.advance(30_000);
    expect(await send(phone)).toMatchObject({ code: 11007, message: 'Please wait 1 second before requesting another code' });
    ctx.clock.advance(1_000);
    expect((await send(phone)).code).toBe(200);
  });

  it('only one of several concurrent requests gets a code', async () => {
    const phone = nextPhone();
    const answers = await Promise.all(Array.from({ length: 5 }, () => send(phone)));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.code === 11007)).toHaveLength(4);
  });

  it('refuses register codes for registered phones and reset codes for unknown ones', async () => {
    const user = await registerUser(ctx);
    expect((await send(user.phone, 'register')).code).toBe(11001);
    expect(await send(nextPhone(), 'resetLoginPwd')).toMatchObject({ code: 11008, message: 'This phone number is not registered' });
  });

  it.each([
    [{ type: 'register' }, 'Please enter the phone'],
    [{ phone: '98765', type: 'register' }, 'Enter a ten digit number'],
    [{ phone: '9876543210' }, 'type: Invalid value'],
    [{ phone: '9876543210', type: 'withdraw' }, 'type: Invalid value'],
  ])('refuses %j without sending anything', async (form, message) => {
    const before = await snapshotDatabase(ctx.db);
    const answer = await ctx.api.post('/app/sms/sendSmsCodeNoAuth', form);
    expect(answer).toMatchObject({ code: 400, message });
    expect(await snapshotDatabase(ctx.db)).toEqual(before);
  });
});

describe('code rules', () => {
  it('expires after 5 minutes', async () => {
    const phone = nextPhone();
    await send(phone);
    const code = await lastSmsCode(ctx.db, phone);
    ctx.clock.advance(300_000);
    expect(await register(phone, code)).toMatchObject({
      code: 11005,
      message: 'The verification code has expired, please request a new one',
    });
  });

  it('locks after 5 wrong attempts, even for the right code', async () => {
    const phone = nextPhone();
    await send(phone);
    const code = await lastSmsCode(ctx.db, phone);
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++) expect((await register(phone, wrong)).code).toBe(11004);
    expect(await register(phone, code)).toMatchObject({ code: 11006, message: 'Too many wrong attempts, please request a new code' });
    ctx.clock.advance(60_000);
    await send(phone);
    expect((await register(phone, await lastSmsCode(ctx.db, phone))).code).toBe(200);
  });

  it('counts concurrent wrong guesses without exceeding the limit', async () => {
    const phone = nextPhone();
    await send(phone);
    const code = await lastSmsCode(ctx.db, phone);
    const wrongs = Array.from({ length: 12 }, (_, i) => String((Number(code) + i + 1) % 1_000_000).padStart(6, '0'));
    await Promise.all(wrongs.map((wrong) => register(phone, wrong)));
    const [row] = await ctx.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.target, `sms:91:${phone}`));
    expect(row?.attempts).toBe(5);
    expect((await register(phone, code)).code).toBe(11006);
  });

  it('is single use and bound to its purpose', async () => {
    const user = await registerUser(ctx);
    ctx.clock.advance(60_000);
    await send(user.phone, 'resetLoginPwd');
    const code = await lastSmsCode(ctx.db, user.phone);
    // A reset code is no good for the payment password, which has its own purpose.
    const asset = await ctx.api.post(
      '/app/user/resetAssetPwd',
      { password: '123456', confirmPassword: '123456', code },
      { token: user.token },
    );
    expect(asset.code).toBe(11004);
    const reset = () =>
      ctx.api.post('/app/auth/resetLoginPwd', { phone: user.phone, password: 'another1', confirmPassword: 'another1', code });
    expect((await reset()).code).toBe(200);
    expect((await reset()).code).toBe(11004);
  });

  it('a code sent to one phone does not work for another', async () => {
    const first = nextPhone();
    const second = nextPhone();
    await send(first);
    await send(second);
    expect((await register(second, await lastSmsCode(ctx.db, first))).code).toBe(11004);
  });
});

describe('sendUserCode', () => {
  it('needs a login and a known type', async () => {
    expect((await ctx.api.post('/app/sms/sendUserCode', { type: 'resetAssetPwd' })).code).toBe(401);
    const user = await registerUser(ctx);
    expect((await ctx.api.post('/app/sms/sendUserCode', { type: 'register' }, { token: user.token })).code).toBe(400);
    ctx.clock.advance(60_000);
    expect((await ctx.api.post('/app/sms/sendUserCode', { type: 'resetAssetPwd' }, { token: user.token })).code).toBe(200);
    expect(await lastSmsCode(ctx.db, user.phone)).toMatch(/^\d{6}$/);
  });
});

describe('the resend interval', () => {
  it('is per purpose: a code for one purpose never holds back a code for another', async () => {
    // registerWithdrawer has just sent a resetAssetPwd code (and, earlier, a register code).
    const user = await registerWithdrawer(ctx);
    const userCode = (type: string) => ctx.api.post('/app/sms/sendUserCode', { type }, { token: user.token });
    const withdrawCode = () => ctx.api.post('/app/user/withdraw/sendCode', {}, { token: user.token });
    expect((await withdrawCode()).code).toBe(200);
    expect((await userCode('resetLoginPwd')).code).toBe(200);
    // Each purpose still keeps its own 60 s wait.
    expect((await userCode('resetAssetPwd')).code).toBe(11007);
    expect((await userCode('resetLoginPwd')).code).toBe(11007);
    expect((await withdrawCode()).code).toBe(11007);
    expect((await send(user.phone, 'resetLoginPwd')).code).toBe(11007);
  });
});
