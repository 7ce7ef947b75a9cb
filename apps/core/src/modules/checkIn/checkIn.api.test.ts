import type { SignInResult, SignInStatus, UserInfo } from '@prism/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, moneySnapshot, registerUser, TEST_OPS_TOKEN, type TestContext, type TestUser } from '../../testing';
import { checkLedger } from '../../testing/ledger';
import { balancesOf, systemBalance } from '../ledger/ledger';

let ctx: TestContext;
beforeAll(async () => {
  // Tokens outlive the weeks the clock is moved through here.
  ctx = await createTestContext({ env: { TOKEN_TTL_HOURS: '8760' } });
});
afterAll(() => ctx.close());

const status = (user: TestUser) => ctx.api.post<SignInStatus>('/app/signIn/signStatus', {}, { token: user.token });
const signIn = (user: TestUser, headers: Record<string, string> = {}) =>
  ctx.api.post<SignInResult>('/app/signIn/signIn', {}, { token: user.token, headers });
const streakInInfo = async (user: TestUser) =>
  (await ctx.api.get<UserInfo>('/app/user/getUserInfo', {}, { token: user.token })).result.signInDay;
const setConfig = (key: string, value: string) =>
  ctx.api.post('/admin/config', { key, value }, { headers: { Authorization: `Ops ${TEST_OPS_TOKEN}` } });

describe('daily sign-in', () => {
  it('pays day after day from the rewards account, doubles day 7, and restarts after a missed day', async () => {
    ctx.clock.set('2026-03-02T09:00:00Z');
    const user = await registerUser(ctx);
    const before = await status(user);
    expect(before.result).toMatchObject({ signedToday: false, streakDay: 1, today: '2026-03-02', todayReward: '0.10', asset: 'CASH' });
    expect(before.result.days.map((d) => d.state)).toEqual([
      'today',
      'upcoming',
      'upcoming',
      'upcoming',
      'upcoming',
      'upcoming',
      'upcoming',
    ]);
    expect(before.result.days[6]).toMatchObject({ day: 7, date: '2026-03-08', reward: '0.32' });

    const paid: string[] = [];
    for (let day = 0; day < 8; day++) {
      ctx.clock.set(`2026-03-${String(2 + day).padStart(2, '0')}T23:30:00Z`);
      const answer = await signIn(user);
      expect(answer.code, answer.message).toBe(200);
      paid.push(answer.result.reward);
    }
    expect(paid).toEqual(['0.10', '0.11', '0.12', '0.13', '0.14', '0.15', '0.32', '0.17']);
    expect((await balancesOf(ctx.db, user.id)).CASH).toBe(124n);
    expect(await systemBalance(ctx.db, 'rewards', 'CASH')).toBeLessThanOrEqual(-124n);
    expect(await streakInInfo(user)).toBe(8);

    ctx.clock.set('2026-03-11T08:00:00Z'); // 03-10 was missed
    expect(await streakInInfo(user)).toBe(0);
    expect((await status(user)).result).toMatchObject({ signedToday: false, streakDay: 1, todayReward: '0.10' });
    expect((await signIn(user)).result).toMatchObject({ reward: '0.10', streakDay: 1, signedToday: true });
    expect(await streakInInfo(user)).toBe(1);
    expect((await checkLedger(ctx.db)).ok).toBe(true);
  });

  it('pays once a day: a second sign-in is refused and moves nothing; the day turns at midnight in the platform zone', async () => {
    ctx.clock.set('2026-04-01T10:00:00Z');
    const user = await registerUser(ctx);
    expect((await signIn(user)).code).toBe(200);
    const snapshot = await moneySnapshot(ctx);
    const again = await signIn(user);
    expect(again).toMatchObject({ code: 12001, message: 'You have already signed in today' });
    expect(await moneySnapshot(ctx)).toBe(snapshot);

    // Still 2026-04-01 in UTC until midnight; in Asia/Tokyo (UTC+9) the next day starts at 15:00 UTC.
    ctx.clock.set('2026-04-01T16:00:00Z');
    expect((await signIn(user)).code).toBe(12001);
    expect((await setConfig('PLATFORM_TIME_ZONE', 'Asia/Tokyo')).code).toBe(200);
    try {
      const status2 = await status(user);
      expect(status2.result).toMatchObject({ today: '2026-04-02', timeZone: 'Asia/Tokyo', signedToday: false, streakDay: 2 });
      expect((await signIn(user)).result).toMatchObject({ reward: '0.11', streakDay: 2 });
    } finally {
      await setConfig('PLATFORM_TIME_ZONE', 'UTC');
    }
  });

  it('replays the first answer for a repeated Idempotency-Key', async () => {
    ctx.clock.set('2026-05-01T10:00:00Z');
    const user = await registerUser(ctx);
    const first = await signIn(user, { 'Idempotency-Key': 'sign-in-may-1' });
    const second = await signIn(user, { 'Idempotency-Key': 'sign-in-may-1' });
    expect(first.code).toBe(200);
    expect(second).toMatchObject({ code: 200, result: first.result });
    expect((await balancesOf(ctx.db, user.id)).CASH).toBe(10n);
  });

  it('follows the operator rule and asset, and falls back to the defaults on nonsense', async () => {
    ctx.clock.set('2026-06-01T10:00:00Z');
    const user = await registerUser(ctx);
    await setConfig('SIGN_IN_ASSET', 'POINT');
    await setConfig('SIGN_IN_BASE', '5');
    try {
      expect((await signIn(user)).result).toMatchObject({ reward: '5.00', asset: 'POINT' });
      expect((await balancesOf(ctx.db, user.id)).POINT).toBe(500n);
      await setConfig('SIGN_IN_BASE', 'lots');
      await setConfig('SIGN_IN_ASSET', 'EUR');
      ctx.clock.set('2026-06-02T10:00:00Z');
      expect((await status(user)).result).toMatchObject({ todayReward: '0.11', asset: 'CASH' });
    } finally {
      await setConfig('SIGN_IN_ASSET', 'CASH');
      await setConfig('SIGN_IN_BASE', '0.10');
    }
  });

  it('needs a login', async () => {
    expect((await ctx.api.post('/app/signIn/signStatus')).code).toBe(401);
    expect((await ctx.api.post('/app/signIn/signIn')).code).toBe(401);
  });
});
