import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, lastSmsCode, nextPhone, registerUser, snapshotDatabase, TEST_OPS_TOKEN, type TestContext } from '../../testing';
import { users } from '../user/schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function registerCode(phone: string): Promise<string> {
  expect((await ctx.api.post('/app/sms/sendSmsCodeNoAuth', { phone, type: 'register' })).code).toBe(200);
  return lastSmsCode(ctx.db, phone);
}

describe('register', () => {
  it('creates the account and answers a working token', async () => {
    const phone = nextPhone();
    const code = await registerCode(phone);
    const answer = await ctx.api.post<{ token: string; expiresAt: string }>('/app/auth/register', {
      phone,
      password: 'secret123',
      confirmPassword: 'secret123',
      code,
    });
    expect(answer.code).toBe(200);
    const info = await ctx.api.get<{ phone: string; areaCode: string; parentId: number | null }>(
      '/app/user/getUserInfo',
      {},
      { token: answer.result.token },
    );
    expect(info.result).toMatchObject({ phone, areaCode: '91', parentId: null });
  });

  it('links the inviter through the invitation code, case-insensitively', async () => {
    const parent = await registerUser(ctx);
    const child = await registerUser(ctx, { invitationCode: parent.invitation.toLowerCase() });
    const info = await ctx.api.get<{ parentId: number }>('/app/user/getUserInfo', {}, { token: child.token });
    expect(info.result.parentId).toBe(parent.id);
  });

  it('refuses an unknown invitation code and creates nothing', async () => {
    const phone = nextPhone();
    const code = await registerCode(phone);
    const before = await snapshotDatabase(ctx.db);
    const answer = await ctx.api.post('/app/auth/register', {
      phone,
      password: 'secret123',
      confirmPassword: 'secret123',
      code,
      invitationCode: 'ZZZZ9999',
    });
    expect(answer).toMatchObject({ code: 11002, message: 'The invitation code does not exist' });
    expect(await snapshotDatabase(ctx.db)).toEqual(before);
  });

  it.each([
    [{}, 'phone', 'Please enter the phone'],
    [{ phone: '12345' }, 'phone', 'Enter a ten digit number'],
    [{ phone: '12345678901' }, 'phone', 'Enter a ten digit number'],
    [{ phone: 'abcdefghij' }, 'phone', 'Enter a ten digit number'],
    [{ phone: ['9876543210', '9876543211'] }, 'phone', 'phone: Invalid value'],
    [{ phone: '9876543210' }, 'password', 'Please enter the password'],
    [{ phone: '9876543210', password: '123' }, 'password', 'The password must be 6 to 64 characters'],
    [{ phone: '9876543210', password: 'secret123' }, 'confirmPassword', 'Please confirm the password'],
    [
      { phone: '9876543210', password: 'secret123', confirmPassword: 'secret124', code: '123456' },
      'confirmPassword',
      'Passwords are inconsistent',
    ],
    [{ phone: '9876543210', password: 'secret123', confirmPassword: 'secret123' }, 'code', 'Please enter the verification code'],
    [
      { phone: '9876543210', password: 'secret123', confirmPassword: 'secret123', code: '12ab56' },
      'code',
      'The verification code is 6 digits',
    ],
    [
      { phone: '9876543210', areaCode: '999', password: 'secret123', confirmPassword: 'secret123', code: '123456' },
      'areaCode',
      'This service is not available for this country or region',
    ],
  ])('refuses %j with the message of field %s', async (form, fieldName, message) => {
    const before = await snapshotDatabase(ctx.db);
    const answer = await ctx.api.post<{ field: string }>('/app/auth/register', form);
    expect(answer.code).toBe(400);
    expect(answer.message).toBe(message);
    expect(answer.result.field).toBe(fieldName);
    expect(await snapshotDatabase(ctx.db)).toEqual(before);
  });

  it("refuses an area code outside the operator's allowed countries (COUNTRY_CODE), with a clear translated message", async () => {
    const ops = { headers: { Authorization: `Ops ${TEST_OPS_TOKEN}` } };
    expect((await ctx.api.post('/admin/config', { key: 'COUNTRY_CODE', value: '84' }, ops)).code).toBe(200);
    try {
      const before = await snapshotDatabase(ctx.db);
      const form = { phone: nextPhone(), areaCode: '91', password: 'secret123', confirmPassword: 'secret123', code: '123456' };
      const answer = await ctx.api.post<{ field: string }>('/app/auth/register', form);
      expect(answer).toMatchObject({ code: 400, message: 'This service is not available for this country or region' });
      expect(answer.result.field).toBe('areaCode');
      const vi = await ctx.api.post('/app/auth/register', form, { headers: { 'Accept-Language': 'vi' } });
      expect(vi.message).toBe('Dịch vụ này không khả dụng tại quốc gia hoặc khu vực này');
      expect(await snapshotDatabase(ctx.db)).toEqual(before);
    } finally {
      await ctx.api.post('/admin/config', { key: 'COUNTRY_CODE', value: '91' }, ops);
    }
  });

  it('refuses a wrong code and a phone registered already', async () => {
    const phone = nextPhone();
    const code = await registerCode(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const bad = await ctx.api.post('/app/auth/register', { phone, password: 'secret123', confirmPassword: 'secret123', code: wrong });
    expect(bad).toMatchObject({ code: 11004, message: 'The verification code is incorrect' });

    const user = await registerUser(ctx);
    const again = await ctx.api.post('/app/auth/register', {
      phone: user.phone,
      password: 'secret123',
      confirmPassword: 'secret123',
      code: '123456',
    });
    expect(again).toMatchObject({ code: 11001, message: 'This phone number is already registered' });
  });

  it('stores an argon2id hash, never the password', async () => {
    const user = await registerUser(ctx, { password: 'my-very-own-pw' });
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row?.passwordHash).not.toContain('my-very-own-pw');
  });
});

describe('login and tokens', () => {
  it('logs in with the right password only', async () => {
    const user = await registerUser(ctx);
    const good = await ctx.api.post<{ token: string }>('/app/auth/login', { phone: user.phone, password: user.password });
    expect(good.code).toBe(200);
    expect((await ctx.api.get('/app/user/getUserInfo', {}, { token: good.result.token })).code).toBe(200);
    const bad = await ctx.api.post('/app/auth/login', { phone: user.phone, password: 'wrong-password' });
    expect(bad).toMatchObject({ code: 11003, message: 'Wrong phone number or password' });
    const unknown = await ctx.api.post('/app/auth/login', { phone: nextPhone(), password: 'whatever1' });
    expect(unknown).toMatchObject({ code: 11003, message: 'Wrong phone number or password' });
  });

  it('answers missing credentials with the specification messages', async () => {
    expect((await ctx.api.post('/app/auth/login', {})).message).toBe('Please enter the phone');
    expect((await ctx.api.post('/app/auth/login', { phone: '9876543210' })).message).toBe('Please enter the password');
  });

  it('carries the decoded-token claims uid, role, permission, exp', async () => {
    const user = await registerUser(ctx);
    const payload = JSON.parse(Buffer.from(user.token.split('.')[1] ?? '', 'base64url').toString());
    expect(payload).toMatchObject({ uid: user.id, role: ['user'], permission: [] });
    expect(typeof payload.exp).toBe('number');
    expect(typeof payload.jti).toBe('string');
  });

  it('refuses missing, garbage, forged and expired tokens with 401', async () => {
    const user = await registerUser(ctx);
    expect((await ctx.api.get('/app/user/getUserInfo')).code).toBe(401);
    expect((await ctx.api.get('/app/user/getUserInfo', {}, { token: 'garbage' })).code).toBe(401);
    const payload = JSON.parse(Buffer.from(user.token.split('.')[1] ?? '', 'base64url').toString());
    const forged = await new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('another-key-another-key-another-key'));
    expect((await ctx.api.get('/app/user/getUserInfo', {}, { token: forged })).code).toBe(401);
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${user.token.split('.')[1]}.`;
    expect((await ctx.api.get('/app/user/getUserInfo', {}, { token: unsigned })).code).toBe(401);

    ctx.clock.advance(ctx.config.TOKEN_TTL_HOURS * 3_600_000 + 1000);
    try {
      expect((await ctx.api.get('/app/user/getUserInfo', {}, { token: user.token })).code).toBe(401);
    } finally {
      ctx.clock.advance(-(ctx.config.TOKEN_TTL_HOURS * 3_600_000 + 1000));
    }
  });

  it('accepts the token as "Bearer", in X-Access-Token alone, or in Authorization alone', async () => {
    const user = await registerUser(ctx);
    const variants: Record<string, string>[] = [
      { Authorization: `Bearer ${user.token}` },
      { 'X-Access-Token': user.token },
      { Authorization: user.token },
    ];
    for (const headers of variants) {
      expect((await ctx.api.get('/app/user/getUserInfo', {}, { headers })).code).toBe(200);
    }
  });

  it('refuses Authorization and X-Access-Token carrying different credentials, on any route', async () => {
    const [alice, bob] = [await registerUser(ctx), await registerUser(ctx)];
    const mismatched: Record<string, string>[] = [
      { Authorization: alice.token, 'X-Access-Token': bob.token },
      { Authorization: `Bearer ${bob.token}`, 'X-Access-Token': alice.token },
      { Authorization: 'tma query_id=1', 'X-Access-Token': alice.token },
      { Authorization: alice.token, 'X-Access-Token': 'garbage' },
    ];
    for (const headers of mismatched) {
      for (const answer of [
        await ctx.api.get('/app/user/getUserInfo', {}, { headers }),
        await ctx.api.post('/app/auth/login', { phone: alice.phone, password: alice.password }, { headers }),
      ]) {
        expect(answer).toMatchObject({
          code: 11041,
          message: 'The Authorization and X-Access-Token headers carry different credentials',
          result: null,
        });
      }
    }
    // The same token in both (as our client sends it), with or without "Bearer", is fine.
    const same = { Authorization: `Bearer ${alice.token}`, 'X-Access-Token': alice.token };
    expect(await ctx.api.get('/app/user/getUserInfo', {}, { headers: same })).toMatchObject({ code: 200, result: { id: alice.id } });
  });

  it('logout ends that session only', async () => {
    const user = await registerUser(ctx);
    const other = await ctx.api.post<{ token: string }>('/app/auth/login', { phone: user.phone, password: user.password });
    expect((await ctx.api.post('/app/auth/logout', {}, { token: user.token })).code).toBe(200);
    expect((await ctx.api.get('/app/user/getUserInfo', {}, { token: user.token })).code).toBe(401);
    expect((await ctx.api.get('/app/user/getUserInfo', {}, { token: other.result.token })).code).toBe(200);
    expect((await ctx.api.post('/app/auth/logout')).code).toBe(401);
  });

  it('a disabled account gets 50001 and cannot log in', async () => {
    const user = await registerUser(ctx);
    await ctx.db.update(users).set({ userStatus: 0 }).where(eq(users.id, user.id));
    expect((await ctx.api.get('/app/user/getUserInfo', {}, { token: user.token })).code).toBe(50001);
    expect(await ctx.api.post('/app/auth/login', { phone: user.phone, password: user.password })).toMatchObject({
      code: 50001,
      message: 'This account is disabled',
    });
  });
});

describe('resetLoginPwd', () => {
  it('forgot password: a code resets it, other sessions end with 50001', async () => {
    const user = await registerUser(ctx);
    expect((await ctx.api.post('/app/sms/sendSmsCodeNoAuth', { phone: user.phone, type: 'resetLoginPwd' })).code).toBe(200);
    const code = await lastSmsCode(ctx.db, user.phone);
    const answer = await ctx.api.post('/app/auth/resetLoginPwd', {
      phone: user.phone,
      password: 'newpass99',
      confirmPassword: 'newpass99',
      code,
    });
    expect(answer).toMatchObject({ code: 200, message: 'Updated Successfully' });
    expect((await ctx.api.get('/app/user/getUserInfo', {}, { token: user.token })).code).toBe(50001);
    expect((await ctx.api.post('/app/auth/login', { phone: user.phone, password: user.password })).code).toBe(11003);
    expect((await ctx.api.post('/app/auth/login', { phone: user.phone, password: 'newpass99' })).code).toBe(200);
  });

  it('change password while logged in keeps the caller signed in', async () => {
    const user = await registerUser(ctx);
    const elsewhere = await ctx.api.post<{ token: string }>('/app/auth/login', { phone: user.phone, password: user.password });
    ctx.clock.advance(61_000);
    expect((await ctx.api.post('/app/sms/sendUserCode', { type: 'resetLoginPwd' }, { token: user.token })).code).toBe(200);
    const code = await lastSmsCode(ctx.db, user.phone);
    const answer = await ctx.api.post(
      '/app/auth/resetLoginPwd',
      { phone: user.phone, password: 'changed77', confirmPassword: 'changed77', code },
      { token: user.token },
    );
    expect(answer.code).toBe(200);
    expect((await ctx.api.get('/app/user/getUserInfo', {}, { token: user.token })).code).toBe(200);
    expect((await ctx.api.get('/app/user/getUserInfo', {}, { token: elsewhere.result.token })).code).toBe(50001);
  });

  it('refuses mismatched passwords, a wrong code and an unknown phone without changing anything', async () => {
    const user = await registerUser(ctx);
    const before = await snapshotDatabase(ctx.db);
    expect(
      (
        await ctx.api.post('/app/auth/resetLoginPwd', {
          phone: user.phone,
          password: 'newpass99',
          confirmPassword: 'newpass98',
          code: '123456',
        })
      ).message,
    ).toBe('Passwords are inconsistent');
    expect(
      (
        await ctx.api.post('/app/auth/resetLoginPwd', {
          phone: nextPhone(),
          password: 'newpass99',
          confirmPassword: 'newpass99',
          code: '123456',
        })
      ).code,
    ).toBe(11008);
    expect(
      (
        await ctx.api.post('/app/auth/resetLoginPwd', {
          phone: user.phone,
          password: 'newpass99',
          confirmPassword: 'newpass99',
          code: '123456',
        })
      ).code,
    ).toBe(11004);
    expect(await snapshotDatabase(ctx.db)).toEqual(before);
  });
});

describe('rate limit', () => {
  it('answers 429 in the envelope past the per-minute login limit', async () => {
    const limited = await createTestContext({ env: { RATE_LIMIT_AUTH_PER_MINUTE: '3' } });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++)
        codes.push((await limited.api.post('/app/auth/login', { phone: '9876543210', password: 'whatever1' })).code);
      expect(codes).toEqual([11003, 11003, 11003, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});
