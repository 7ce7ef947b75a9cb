import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, lastSmsCode, registerUser, snapshotDatabase, type TestContext } from '../../testing';
import { users } from './schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** Every User info field of specification point 3, plus the two the app state reads. */
const SPEC_USER_FIELDS = [
  'address',
  'areaCode',
  'chip',
  'exchangeBalance',
  'gold',
  'headUrl',
  'id',
  'incomeList',
  'invitation',
  'inviteLinkUrl',
  'level',
  'levelName',
  'nickName',
  'phone',
  'parentId',
  'point',
  'recharge',
  'remark',
  'sex',
  'sysUserId',
  'todayBetAmount',
  'todayBetIncome',
  'todayWin',
  'totalBetAmount',
  'userStatus',
  'userType',
  'withdraw',
  'yesterdayCommission',
  'customerServiceUrl',
  'walletErc',
  'walletTrc',
  'signInDay',
  'usdtBalance',
  'withdrawBalance',
];
const SPEC_TEAM_FIELDS = [
  'areaCode',
  'directNumber',
  'directRecharge',
  'directRechargeUserNumber',
  'directTotalBetAmount',
  'directUserList',
  'id',
  'parentId',
  'phone',
  'teamNumber',
  'teamRecharge',
  'teamRechargeUserNumber',
  'teamTotalBetAmount',
  'betRebate',
  'rechargeRebate',
  'registerRebate',
];

describe('getUserInfo', () => {
  it('has every field of the specification, with balances at 0.00 for a new user', async () => {
    const user = await registerUser(ctx);
    const { code, result } = await ctx.api.get<Record<string, unknown>>('/app/user/getUserInfo', {}, { token: user.token });
    expect(code).toBe(200);
    for (const field of SPEC_USER_FIELDS) expect(result, field).toHaveProperty(field);
    for (const money of ['chip', 'gold', 'point', 'usdtBalance', 'withdrawBalance', 'recharge', 'withdraw', 'exchangeBalance']) {
      expect(result[money], money).toBe('0.00');
    }
    expect(result).toMatchObject({
      id: user.id,
      sysUserId: user.id,
      phone: user.phone,
      invitation: user.invitation,
      telegramLinked: false,
    });
    expect(result.inviteLinkUrl).toBe(`http://prism.test/pages/login/login?invitationCode=${user.invitation}`);
    expect(user.invitation).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
  });

  it('without PUBLIC_URL the web invite link is relative (the app adds the address it was opened at), never a guessed host', async () => {
    const bare = await createTestContext({ env: { PUBLIC_URL: '' } });
    try {
      const user = await registerUser(bare);
      const info = await bare.api.get<{ inviteLinkUrl: string }>('/app/user/getUserInfo', {}, { token: user.token });
      expect(info.result.inviteLinkUrl).toBe(`/pages/login/login?invitationCode=${user.invitation}`);
    } finally {
      await bare.close();
    }
  });

  it('builds Telegram invite links when the bot is configured', async () => {
    const withBot = await createTestContext({ env: { BOT_USERNAME: 'PrismBot', MINI_APP_SHORT_NAME: 'app' } });
    try {
      const user = await registerUser(withBot);
      const info = await withBot.api.get<{ inviteLinkUrl: string }>('/app/user/getUserInfo', {}, { token: user.token });
      expect(info.result.inviteLinkUrl).toBe(`https://t.me/PrismBot/app?startapp=${user.invitation}`);
    } finally {
      await withBot.close();
    }
  });
});

describe('getUserTeamInfo', () => {
  it('counts invitees on three levels and not beyond', async () => {
    const root = await registerUser(ctx);
    const a = await registerUser(ctx, { invitationCode: root.invitation });
    await registerUser(ctx, { invitationCode: root.invitation });
    const b = await registerUser(ctx, { invitationCode: a.invitation });
    const c = await registerUser(ctx, { invitationCode: b.invitation });
    await registerUser(ctx, { invitationCode: c.invitation }); // level 4: not in the team figures

    const { code, result } = await ctx.api.get<
      Record<string, unknown> & { levels: { level: number; memberNumber: number }[]; directUserList: { phone: string }[] }
    >('/app/user/getUserTeamInfo', {}, { token: root.token });
    expect(code).toBe(200);
    for (const field of SPEC_TEAM_FIELDS) expect(result, field).toHaveProperty(field);
    expect(result).toMatchObject({ directNumber: 2, teamNumber: 4, betRebate: '0.00', rechargeRebate: '0.00', registerRebate: '0.00' });
    expect(result.levels.map((l) => [l.level, l.memberNumber])).toEqual([
      [1, 2],
      [2, 1],
      [3, 1],
    ]);
    expect(result.directUserList).toHaveLength(2);
    for (const member of result.directUserList) expect(member.phone).toMatch(/^\d{2}\*{4}\d{4}$/);
  });
});

describe('modifyUserBaseInfo', () => {
  it('changes nickname and sex', async () => {
    const user = await registerUser(ctx);
    const answer = await ctx.api.post<{ nickName: string; sex: number }>(
      '/app/user/modifyUserBaseInfo',
      { nickName: '  Ayşe 😀 ', sex: '2' },
      { token: user.token },
    );
    expect(answer).toMatchObject({ code: 200, message: 'Updated Successfully', result: { nickName: 'Ayşe 😀', sex: 2 } });
  });

  it.each([
    [{}, 'The nickname must be 1 to 32 characters'],
    [{ nickName: '   ' }, 'The nickname must be 1 to 32 characters'],
    [{ nickName: 'x'.repeat(33) }, 'The nickname must be 1 to 32 characters'],
    [{ sex: '3' }, 'sex: Invalid value'],
    [{ headUrl: 'https://evil.example/a.png' }, 'headUrl: Invalid value'],
    [{ headUrl: '/core/files/../../etc/passwd' }, 'headUrl: Invalid value'],
  ])('refuses %j and changes nothing', async (form, message) => {
    const user = await registerUser(ctx);
    const before = await snapshotDatabase(ctx.db);
    expect(await ctx.api.post('/app/user/modifyUserBaseInfo', form, { token: user.token })).toMatchObject({ code: 400, message });
    expect(await snapshotDatabase(ctx.db)).toEqual(before);
  });

  it('needs a login', async () => {
    expect((await ctx.api.post('/app/user/modifyUserBaseInfo', { nickName: 'x' })).code).toBe(401);
  });
});

describe('resetAssetPwd', () => {
  it('sets the payment password with an SMS code', async () => {
    const user = await registerUser(ctx);
    ctx.clock.advance(60_000);
    await ctx.api.post('/app/sms/sendUserCode', { type: 'resetAssetPwd' }, { token: user.token });
    const code = await lastSmsCode(ctx.db, user.phone);
    const answer = await ctx.api.post(
      '/app/user/resetAssetPwd',
      { password: '246810', confirmPassword: '246810', code },
      { token: user.token },
    );
    expect(answer).toMatchObject({ code: 200, message: 'Updated Successfully' });
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.assetPasswordHash).toMatch(/^\$argon2id\$/);
    const info = await ctx.api.get<{ hasAssetPassword: boolean }>('/app/user/getUserInfo', {}, { token: user.token });
    expect(info.result.hasAssetPassword).toBe(true);
  });

  it.each([
    [{ password: '12345', confirmPassword: '12345', code: '123456' }, 'The payment password is 6 digits'],
    [{ password: 'abcdef', confirmPassword: 'abcdef', code: '123456' }, 'The payment password is 6 digits'],
    [{ password: '123456', confirmPassword: '654321', code: '123456' }, 'Passwords are inconsistent'],
    [{ password: '123456', confirmPassword: '123456' }, 'Please enter the verification code'],
    [{ password: '123456', confirmPassword: '123456', code: '000000' }, 'The verification code is incorrect'],
  ])('refuses %j', async (form, message) => {
    const user = await registerUser(ctx);
    const before = await snapshotDatabase(ctx.db);
    expect((await ctx.api.post('/app/user/resetAssetPwd', form, { token: user.token })).message).toBe(message);
    expect(await snapshotDatabase(ctx.db)).toEqual(before);
  });
});
