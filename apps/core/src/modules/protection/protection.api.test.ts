import type { GameBetRecord, ProtectionSettings, RealityCheck } from '@prism/domain';
import { decodeResponse, encodeText } from '@prism/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  fundUser,
  moneySnapshot,
  nextGameSession,
  registerUser,
  TEST_OPS_TOKEN,
  type TestContext,
  type TestUser,
} from '../../testing';
import { createOrder, createPendingOrder } from '../../testing/recharge';
import { balancesOf } from '../ledger/ledger';

let ctx: TestContext;
beforeAll(async () => {
  // Tokens outlive the days the clock is moved through here.
  ctx = await createTestContext({ env: { TOKEN_TTL_HOURS: '8760' } });
});
afterAll(() => ctx.close());

const as = (user: TestUser) => ({ token: user.token });
const settings = async (user: TestUser) => (await ctx.api.get<ProtectionSettings>('/app/protection/settings', {}, as(user))).result;
const exclude = (user: TestUser, form: Record<string, string>) =>
  ctx.api.post<ProtectionSettings>('/app/protection/exclude', form, as(user));
const limits = (user: TestUser, form: Record<string, string>) => ctx.api.post<ProtectionSettings>('/app/protection/limits', form, as(user));
const reality = async (user: TestUser) => (await ctx.api.get<RealityCheck>('/app/protection/realityCheck', {}, as(user))).result;
const simulate = (user: TestUser, amount: string) => ctx.api.post('/app/user/recharge/simulateDeposit', { amount }, as(user));

/** Moves to the next minute's session start and bets 10 CHIP on Big there. */
async function bet(user: TestUser) {
  const session = await nextGameSession(ctx);
  const form = { gameSessionId: String(session.id), betName: 'Big', baseAmount: '10', betMultiples: '1', totalBetAmount: '10.00' };
  return ctx.api.post<GameBetRecord>('/app/game/luckyLottery/betting', form, as(user));
}

describe('self-exclusion', () => {
  it('refuses bets, gateway recharges and simulated deposits with a clear message until it ends, and cannot be shortened', async () => {
    ctx.clock.set('2026-05-04T10:00:00Z');
    const user = await registerUser(ctx);
    await fundUser(ctx, user.id, 'CHIP', 100_000n);
    expect((await bet(user)).code).toBe(200);

    const excluded = await exclude(user, { period: '7d' });
    expect(excluded.code, excluded.message).toBe(200);
    const until = excluded.result.excludedUntil as string;
    expect(Date.parse(until) - ctx.clock.now().getTime()).toBe(7 * 86_400_000);

    const before = await moneySnapshot(ctx);
    const refusedBet = await bet(user);
    expect(refusedBet.code).toBe(13001);
    expect(refusedBet.message).toMatch(/^You have paused your play until \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
    expect((await createOrder(ctx, user, '1000')).code).toBe(13001);
    expect((await simulate(user, '10')).code).toBe(13001);
    const translated = await ctx.api.post(
      '/app/user/cashRecharge/recharge',
      { payChannelName: 'sandbox', amount: '1000' },
      {
        ...as(user),
        headers: { 'Accept-Language': 'vi' },
      },
    );
    expect(translated.message).toMatch(/^Bạn đã tạm dừng chơi đến/);
    expect(await moneySnapshot(ctx)).toEqual(before);

    // Shorter or equal: refused, nothing changes. Longer: accepted.
    expect((await exclude(user, { period: '24h' })).code).toBe(13002);
    expect((await exclude(user, { until: '2026-05-06' })).code).toBe(13002);
    expect((await settings(user)).excludedUntil).toBe(until);
    const longer = await exclude(user, { period: '30d' });
    expect(longer.code).toBe(200);
    expect(Date.parse(longer.result.excludedUntil as string)).toBeGreaterThan(Date.parse(until));

    // Bad input changes nothing.
    const bad: Record<string, string>[] = [
      {},
      { period: '1y' },
      { until: '2026-02-30' },
      { period: '24h', until: '2027-01-01' },
      { until: '2020-01-01' },
    ];
    for (const form of bad) {
      const answer = await exclude(user, form);
      expect(answer.code, JSON.stringify(form)).not.toBe(200);
    }
    expect((await settings(user)).excludedUntil).toBe(longer.result.excludedUntil);

    ctx.clock.set(new Date(Date.parse(longer.result.excludedUntil as string) + 1000));
    expect((await settings(user)).excludedUntil).toBeNull();
    expect((await bet(user)).code).toBe(200);
  });

  it('an exclusion until a date ends at the end of that day in the platform time zone', async () => {
    ctx.clock.set('2026-06-01T10:00:00Z');
    const user = await registerUser(ctx);
    const answer = await exclude(user, { until: '2026-06-10' });
    expect(answer.result.excludedUntil).toBe('2026-06-11T00:00:00.000Z');
  });
});

/** tapingV2 is always encrypted: the form goes scrambled in `data`, the answer comes back after `POST:`. */
async function tap(user: TestUser, count: string) {
  const response = await ctx.api.fetch('/app/taping/tapingV2', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', Authorization: user.token, 'X-Access-Token': user.token },
    body: new URLSearchParams({ data: encodeText(new URLSearchParams({ count, batchId: `batch-${count}-${user.id}` }).toString()) }),
  });
  return JSON.parse(decodeResponse(await response.text())) as { code: number };
}

describe('self-exclusion: what feeds play (the table in docs/protection.md)', () => {
  it('refuses exchanges into a game coin, sign-in, taps, gift codes and level rewards; exchanges out of play stay open', async () => {
    ctx.clock.set('2026-06-01T10:00:00Z');
    const user = await registerUser(ctx);
    // A paid sandbox recharge makes the V1 level task collectable.
    const order = await createPendingOrder(ctx, user, '1000');
    const paid = await ctx.api.fetch(`/pay/sandbox/${order.orderNo}/pay`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ amount: '1000.00', action: 'pay' }).toString(),
    });
    expect(paid.status).toBe(303);
    await fundUser(ctx, user.id, 'CHIP', 10_000n);
    const operator = { headers: { Authorization: `Ops ${TEST_OPS_TOKEN}` } };
    const gift = await ctx.api.post<{ code: string }>(
      '/admin/giftCodes',
      { asset: 'CASH', amount: '5', totalUses: '10', days: '7' },
      operator,
    );
    const levels = await ctx.api.get<{ levels: { level: number; tasks: { id: number; kind: string }[] }[] }>(
      '/app/level/list',
      {},
      as(user),
    );
    const v1 = levels.result.levels.find((l) => l.level === 1)?.tasks.find((t) => t.kind === 'recharge');
    expect((await exclude(user, { period: '24h' })).code).toBe(200);

    const before = await moneySnapshot(ctx);
    const exchange = (fromCoin: string, toCoin: string) =>
      ctx.api.post('/app/user/account/exchange', { fromCoin, toCoin, amount: '10' }, as(user));
    expect((await exchange('CASH', 'CHIP')).code).toBe(13001);
    expect((await ctx.api.post('/app/signIn/signIn', {}, as(user))).code).toBe(13001);
    expect((await tap(user, '5')).code).toBe(13001);
    expect((await ctx.api.post('/app/giftCode/redeem', { code: gift.result.code }, as(user))).code).toBe(13001);
    expect((await ctx.api.post('/app/level/collect', { taskId: String(v1?.id) }, as(user))).code).toBe(13001);
    expect(await moneySnapshot(ctx)).toEqual(before);

    // Out of play: a game coin back to CASH is allowed (money is never locked in), and the tap screen still reads.
    expect((await tap(user, '0')).code).toBe(200);
    const out = await exchange('CHIP', 'CASH');
    expect(out.code, JSON.stringify(out)).toBe(200);
    expect((await balancesOf(ctx.db, user.id)).CHIP).toBe(9_000n);

    // Once the exclusion ends, everything is open again.
    ctx.clock.set('2026-06-02T10:00:01Z');
    expect((await ctx.api.post('/app/signIn/signIn', {}, as(user))).code).toBe(200);
    expect((await ctx.api.post('/app/level/collect', { taskId: String(v1?.id) }, as(user))).code).toBe(200);
  });
});

describe('deposit limits', () => {
  it('refuse a recharge over the remaining daily, weekly or monthly amount', async () => {
    ctx.clock.set('2026-07-01T10:00:00Z'); // a Wednesday
    const user = await registerUser(ctx);
    const set = await limits(user, { day: '3000', week: '5000', month: '7000' });
    expect(set.result.limits).toEqual({ day: '3000.00', week: '5000.00', month: '7000.00' });
    expect(set.result.pendingLimits).toBeNull();

    expect((await createOrder(ctx, user, '2000')).code).toBe(200);
    const overDay = await createOrder(ctx, user, '1500');
    expect(overDay).toMatchObject({ code: 13004 });
    expect(overDay.message).toContain('1000.00');
    expect((await createOrder(ctx, user, '1000')).code).toBe(200);

    ctx.clock.set('2026-07-02T10:00:00Z');
    expect((await createOrder(ctx, user, '2000')).code).toBe(200);
    const overWeek = await createOrder(ctx, user, '1000');
    expect(overWeek.code).toBe(13005);
    expect(overWeek.message).toContain('0.00');
    expect((await settings(user)).used).toEqual({ day: '2000.00', week: '5000.00', month: '5000.00' });

    ctx.clock.set('2026-07-06T10:00:00Z'); // next Monday: a new week, the same month
    expect((await createOrder(ctx, user, '3000')).code).toBe(13006);
    expect((await createOrder(ctx, user, '2000')).code).toBe(200);
  });

  it('lowering applies at once, raising or removing waits 24 hours (shown as pending); bad input changes nothing', async () => {
    ctx.clock.set('2026-08-03T10:00:00Z');
    const user = await registerUser(ctx);
    await limits(user, { day: '1000' });
    const raised = await limits(user, { day: '10000' });
    expect(raised.result).toMatchObject({
      limits: { day: '1000.00', week: null, month: null },
      pendingLimits: { day: '10000.00', week: null, month: null },
      pendingFrom: '2026-08-04T10:00:00.000Z',
    });
    expect((await createOrder(ctx, user, '5000')).code).toBe(13004);

    for (const form of [{ day: 'abc' }, { day: '0' }, { day: '-5' }, { day: '1.234' }]) {
      expect((await limits(user, form)).code, JSON.stringify(form)).toBe(400);
    }
    expect((await settings(user)).pendingLimits).toEqual({ day: '10000.00', week: null, month: null });

    ctx.clock.set('2026-08-04T09:59:00Z');
    expect((await createOrder(ctx, user, '5000')).code).toBe(13004);
    ctx.clock.set('2026-08-04T10:00:00Z');
    expect((await createOrder(ctx, user, '5000')).code).toBe(200);
    expect((await settings(user)).pendingLimits).toBeNull();

    const lowered = await limits(user, { day: '1000' });
    expect(lowered.result).toMatchObject({ limits: { day: '1000.00' }, pendingLimits: null });
    expect((await createOrder(ctx, user, '1000')).code).toBe(13004);

    await limits(user, {});
    expect((await settings(user)).pendingLimits).toEqual({ day: null, week: null, month: null });
    expect((await createOrder(ctx, user, '1000')).code).toBe(13004);
  });
});

describe('reality check', () => {
  it('is due after N minutes of play, with time played and the net result, until acknowledged', async () => {
    ctx.clock.set('2026-09-01T10:00:00Z');
    const user = await registerUser(ctx);
    await fundUser(ctx, user.id, 'CHIP', 100_000n);
    expect((await ctx.api.post('/app/protection/realityCheck/interval', { minutes: '20' }, as(user))).code).toBe(400);
    const set = await ctx.api.post<ProtectionSettings>('/app/protection/realityCheck/interval', { minutes: '15' }, as(user));
    expect(set.result.realityCheckMinutes).toBe(15);

    expect(await reality(user)).toMatchObject({ due: false, minutesPlayed: 0, results: [], intervalMinutes: 15 });
    for (let i = 0; i < 8; i++) {
      expect((await bet(user)).code).toBe(200);
      ctx.clock.advance(60_000);
    }
    const check = await reality(user);
    expect(check.due).toBe(true);
    expect(check.minutesPlayed).toBeGreaterThanOrEqual(15);
    expect(check.results).toHaveLength(1);
    expect(check.results[0]).toMatchObject({ coin: 'CHIP', staked: '80.00' });

    const acknowledged = await ctx.api.post<RealityCheck>('/app/protection/realityCheck/acknowledge', {}, as(user));
    expect(acknowledged.result.due).toBe(false);
    ctx.clock.advance(10 * 60_000);
    expect((await reality(user)).due).toBe(false);
    expect((await bet(user)).code).toBe(200);
    ctx.clock.advance(5 * 60_000);
    expect((await reality(user)).due).toBe(true);

    ctx.clock.advance(31 * 60_000); // idle: the play session is over
    expect(await reality(user)).toMatchObject({ due: false, minutesPlayed: 0, results: [] });
  });
});
