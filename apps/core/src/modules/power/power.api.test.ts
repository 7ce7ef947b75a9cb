import type { PowerCategory, PowerPurchase, PowerRecord, PowerSession, UserInfo, UserPower } from '@prism/domain';
import { type Paged, powerDailyFee, powerDailyIncome } from '@prism/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DAILY_STEPS } from '../../dailySteps';
import { queryRows } from '../../db/client';
import { createTestContext, fundUser, registerUser, type TestContext, type TestUser } from '../../testing';
import { checkLedger } from '../../testing/ledger';
import { runDailyEarnings } from '../earning/job';
import { balancesOf, systemBalance } from '../ledger/ledger';
import { turnoverState, withdrawableOf } from '../ledger/turnover';
import { levelFigures } from '../level/figures';
import { users } from '../user/schema';
import { powerSessions } from './schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const run = () => runDailyEarnings(ctx.db, ctx.clock, ctx.services.config, DAILY_STEPS);

/** A package of our own (the seeded ones may be edited by other tests of this file). */
async function newSession(values: Partial<typeof powerSessions.$inferInsert> = {}): Promise<number> {
  const [row] = await ctx.db
    .insert(powerSessions)
    .values({
      cateId: 9,
      cateName: 'Test',
      name: 'Test 3',
      coin: 'CASH',
      price: 10_000n,
      power: 10_000n,
      termDays: 3,
      dailyRateBps: 150,
      feeBps: 10,
      dailyLimit: 2,
      ...values,
    })
    .returning();
  return row?.id ?? 0;
}

const buy = (user: TestUser, sessionId: number, key?: string) =>
  ctx.api.post<PowerPurchase>(
    '/app/userPower/buyPower',
    { sessionId: String(sessionId) },
    { token: user.token, headers: key ? { 'Idempotency-Key': key } : {} },
  );

describe('power packages', () => {
  it('lists the seeded demo packages by category, with what they pay, to anyone', async () => {
    const cates = await ctx.api.get<PowerCategory[]>('/app/powerSession/cateList');
    expect(cates.code).toBe(200);
    expect(cates.result.map((c) => c.cateName).slice(0, 3)).toEqual(['Starter', 'Advanced', 'Premium']);
    const starter = cates.result[0]?.list[0] as PowerSession;
    expect(starter).toMatchObject({ price: '10.00', power: '10.00', termDays: 7, dailyRate: '1.00%', dailyIncome: '0.10', dailyLimit: 3 });
    expect(starter.totalIncome).toBe('0.70');
    const list = await ctx.api.get<PowerSession[]>('/app/powerSession/list');
    expect(list.result.length).toBeGreaterThanOrEqual(5);
    const config = await ctx.api.get<{ hierarchicalRates: string[] }>('/app/powerSession/config/get');
    expect(config.result.hierarchicalRates).toEqual(['10.00%', '5.00%', '2.00%']);
  });

  it('the operator creates, edits and closes a package through /core/admin', async () => {
    const admin = { headers: { Authorization: `Ops ${'test-ops-token-0123456789abcdef'}` } };
    const form = {
      cateId: '7',
      cateName: 'Ops',
      name: 'Ops 5',
      coin: 'CASH',
      price: '5',
      power: '6',
      termDays: '5',
      dailyRateBps: '100',
      feeBps: '0',
      dailyLimit: '1',
    };
    const created = await ctx.api.post<PowerSession & { enabled: boolean }>('/admin/powerSessions', form, admin);
    expect(created.result).toMatchObject({ name: 'Ops 5', price: '5.00', power: '6.00', enabled: true });
    const edited = await ctx.api.post<PowerSession>(
      '/admin/powerSessions',
      { ...form, id: String(created.result.id), price: '7', enabled: 'false' },
      admin,
    );
    expect(edited.result.price).toBe('7.00');
    const list = await ctx.api.get<PowerSession[]>('/app/powerSession/list');
    expect(list.result.some((s) => s.id === created.result.id)).toBe(false);
  });
});

describe('buy -> records -> income -> fee -> maturity', () => {
  beforeEach(async () => {
    await ctx.db.execute(sql`delete from earning_days`);
    await ctx.services.config.set('PLATFORM_TIME_ZONE', 'UTC');
  });

  it('pays income and the fee each day of the term, returns the price at maturity, and the ledger balances', async () => {
    ctx.clock.set('2026-10-10T09:00:00Z');
    await run(); // nothing to pay yet: marks the days before as run
    const sessionId = await newSession();
    const user = await registerUser(ctx);
    await fundUser(ctx, user.id, 'CASH', 10_000n);

    const bought = await buy(user, sessionId, 'buy-1');
    expect(bought.code).toBe(200);
    expect(bought.message).toBe('Purchase Successful');
    expect(bought.result.holding).toMatchObject({
      kind: 'basic',
      power: '100.00',
      startDay: '2026-10-10',
      endDay: '2026-10-12',
      status: 'active',
    });
    const again = await buy(user, sessionId, 'buy-1'); // the same request again: nothing moves
    expect(again.result.holding.id).toBe(bought.result.holding.id);
    expect((await balancesOf(ctx.db, user.id)).CASH).toBe(0n);
    expect(await systemBalance(ctx.db, 'power_stakes', 'CASH')).toBeGreaterThanOrEqual(10_000n);

    const power = await ctx.api.get<UserPower>('/app/userPower/get', {}, { token: user.token });
    expect(power.result).toMatchObject({ basicPower: '100.00', giftPower: '0.00', hierarchicalPower: '0.00', personalPower: '100.00' });
    const records = await ctx.api.get<Paged<PowerRecord>>('/app/userPower/powerRecordPage', { pageNo: '1' }, { token: user.token });
    expect(records.result.content).toMatchObject([{ powerType: 'buy', powerTypeDesc: 'Power purchased', incrAmount: '+100.00' }]);

    // Same day: nothing paid. After 00:00: day one's income, then its fee.
    await run();
    expect((await balancesOf(ctx.db, user.id)).CASH).toBe(0n);
    ctx.clock.set('2026-10-11T00:00:05Z');
    await run();
    const income = powerDailyIncome(10_000n, 150);
    const fee = powerDailyFee(10_000n, 10, income);
    expect(income).toBe(150n);
    expect(fee).toBe(10n);
    expect((await balancesOf(ctx.db, user.id)).CASH).toBe(income - fee);
    const info = await ctx.api.get<UserInfo>('/app/user/getUserInfo', {}, { token: user.token });
    expect(info.result.incomeList).toEqual([{ incomeAmount: '1.50', incomeDate: '2026-10-10', incomeRate: '1.50%' }]);

    // Running again the same day pays nothing more.
    await run();
    expect((await balancesOf(ctx.db, user.id)).CASH).toBe(income - fee);

    // Two more days at once (caught up): day two, day three and maturity.
    ctx.clock.set('2026-10-13T08:00:00Z');
    await run();
    expect((await balancesOf(ctx.db, user.id)).CASH).toBe(3n * (income - fee) + 10_000n);
    const after = await ctx.api.get<UserPower>('/app/userPower/get', {}, { token: user.token });
    expect(after.result.basicPower).toBe('0.00');
    expect(after.result.holdings[0]).toMatchObject({ status: 'matured', incomeTotal: '4.50', feeTotal: '0.30' });
    const last = await ctx.api.get<Paged<PowerRecord>>('/app/userPower/powerRecordPage', {}, { token: user.token });
    expect(last.result.content.map((r) => [r.powerType, r.incrAmount])).toEqual([
      ['maturity', '-100.00'],
      ['buy', '+100.00'],
    ]);
    // A fourth day pays nothing for a matured holding.
    ctx.clock.set('2026-10-14T08:00:00Z');
    await run();
    expect((await balancesOf(ctx.db, user.id)).CASH).toBe(3n * (income - fee) + 10_000n);
    expect((await checkLedger(ctx.db)).ok).toBe(true);
  });

  it('the fee never takes more than the balance holds', async () => {
    ctx.clock.set('2026-10-20T09:00:00Z');
    await run();
    // Income 0 (rate 0) and a fee of 1.00 a day: the user has 0.40 left after buying.
    const sessionId = await newSession({ dailyRateBps: 0, feeBps: 100, termDays: 2 });
    const user = await registerUser(ctx);
    await fundUser(ctx, user.id, 'CASH', 10_040n);
    expect((await buy(user, sessionId)).code).toBe(200);
    ctx.clock.set('2026-10-21T01:00:00Z');
    await run();
    expect((await balancesOf(ctx.db, user.id)).CASH).toBe(0n);
    const [row] = await queryRows<{ fee: string }>(ctx.db, sql`select fee::text as fee from power_incomes where user_id = ${user.id}`);
    expect(row?.fee).toBe('40');
    expect((await checkLedger(ctx.db)).ok).toBe(true);
  });
});

describe('refusals change nothing', () => {
  it('the daily limit, the balance, an unknown package and bad input', async () => {
    ctx.clock.set('2026-10-25T09:00:00Z');
    const sessionId = await newSession({ price: 100n, power: 100n, dailyLimit: 2 });
    const user = await registerUser(ctx);
    await fundUser(ctx, user.id, 'CASH', 250n);
    expect((await buy(user, sessionId)).code).toBe(200);
    expect((await buy(user, sessionId)).code).toBe(200);
    const third = await buy(user, sessionId);
    expect(third).toMatchObject({ code: 10006, message: 'You have exceeded the daily purchase limit' });
    expect((await balancesOf(ctx.db, user.id)).CASH).toBe(50n);
    // The next day the limit starts again; now the balance is short.
    ctx.clock.set('2026-10-26T09:00:00Z');
    expect(await buy(user, sessionId)).toMatchObject({ code: 10013, message: 'Insufficient balance' });
    expect((await buy(user, 999_999)).code).toBe(16001);
    for (const bad of ['0', '-1', 'abc', '1.5', '']) {
      const answer = await ctx.api.post('/app/userPower/buyPower', { sessionId: bad }, { token: user.token });
      expect(answer.code, bad).toBe(400);
    }
    const cates = await ctx.api.get<PowerCategory[]>('/app/powerSession/cateList', {}, { token: user.token });
    const mine = cates.result.flatMap((c) => c.list).find((s) => s.id === sessionId);
    expect(mine?.boughtToday).toBe(0);
    expect((await balancesOf(ctx.db, user.id)).CASH).toBe(50n);
    const [count] = await queryRows<{ n: number }>(ctx.db, sql`select count(*)::int as n from power_holdings where user_id = ${user.id}`);
    expect(count?.n).toBe(2);
  });
});

describe('player protection', () => {
  it('a self-excluded user can neither buy nor give power, and nothing moves', async () => {
    const sessionId = await newSession({ price: 100n, power: 100n, dailyLimit: 5 });
    const user = await registerUser(ctx);
    const other = await registerUser(ctx);
    await fundUser(ctx, user.id, 'CASH', 1_000n);
    expect((await ctx.api.post('/app/protection/exclude', { period: '24h' }, { token: user.token })).code).toBe(200);
    expect((await buy(user, sessionId)).code).toBe(13001);
    const gift = await ctx.api.post(
      '/app/userPower/givePower',
      { sessionId: String(sessionId), account: other.phone },
      { token: user.token },
    );
    expect(gift.code).toBe(13001);
    expect((await balancesOf(ctx.db, user.id)).CASH).toBe(1_000n);
  });
});

describe('gift power', () => {
  it('a user buys a package for another by phone or invitation code; both see a record; the receiver holds gift power', async () => {
    ctx.clock.set('2026-10-27T09:00:00Z');
    const sessionId = await newSession({ price: 1_000n, power: 1_000n, dailyLimit: 5 });
    const giver = await registerUser(ctx);
    const receiver = await registerUser(ctx);
    await fundUser(ctx, giver.id, 'CASH', 2_000n);
    const give = (account: string) =>
      ctx.api.post<PowerPurchase>('/app/userPower/givePower', { sessionId: String(sessionId), account }, { token: giver.token });

    const byPhone = await give(receiver.phone);
    expect(byPhone.code).toBe(200);
    expect(byPhone.result.holding.kind).toBe('gift');
    expect((await give(receiver.invitation)).code).toBe(200);
    expect((await balancesOf(ctx.db, giver.id)).CASH).toBe(0n);

    const received = await ctx.api.get<UserPower>('/app/userPower/get', {}, { token: receiver.token });
    expect(received.result).toMatchObject({ basicPower: '0.00', giftPower: '20.00', personalPower: '20.00' });
    const given = await ctx.api.get<UserPower>('/app/userPower/get', {}, { token: giver.token });
    expect(given.result.giftPower).toBe('0.00');
    const giverRecords = await ctx.api.get<Paged<PowerRecord>>('/app/userPower/powerRecordPage', {}, { token: giver.token });
    // The giver paid: money out, signed negative (docs/decisions.md, "What a player sees before money moves": it showed "+10.00" as if received).
    expect(giverRecords.result.content.map((r) => [r.powerType, r.incrAmount])).toEqual([
      ['gift_out', '-10.00'],
      ['gift_out', '-10.00'],
    ]);
    const receiverRecords = await ctx.api.get<Paged<PowerRecord>>('/app/userPower/powerRecordPage', {}, { token: receiver.token });
    expect(receiverRecords.result.content.map((r) => [r.powerType, r.incrAmount])).toEqual([
      ['gift_in', '+10.00'],
      ['gift_in', '+10.00'],
    ]);
    expect(receiverRecords.result.content[0]?.counterparty).toMatch(/\*/);
  });

  it('refuses oneself, an unknown user and a phone that more than one user holds', async () => {
    const sessionId = await newSession({ price: 100n, power: 100n, dailyLimit: 5 });
    const giver = await registerUser(ctx);
    const other = await registerUser(ctx);
    await fundUser(ctx, giver.id, 'CASH', 1_000n);
    const give = (account: string) =>
      ctx.api.post('/app/userPower/givePower', { sessionId: String(sessionId), account }, { token: giver.token });
    expect((await give(giver.phone)).code).toBe(16002);
    expect((await give(giver.invitation)).code).toBe(16002);
    expect((await give('0000000000')).code).toBe(16003);
    expect((await give('NOSUCHCODE')).code).toBe(16003);
    // The same ten digits under another area code: two users hold the phone.
    await ctx.db.update(users).set({ phone: other.phone, areaCode: '+999' }).where(eq(users.id, giver.id));
    expect((await give(other.phone)).code).toBe(16004);
    expect((await give('')).code).toBe(400);
    expect((await balancesOf(ctx.db, giver.id)).CASH).toBe(1_000n);
  });
});

describe('gift power under abuse', () => {
  const giveTo = (giver: TestUser, sessionId: number, account: string) =>
    ctx.api.post<PowerPurchase>('/app/userPower/givePower', { sessionId: String(sessionId), account }, { token: giver.token });

  it('answers a giver who cannot pay the same whether the receiver exists or not (no phone look-up for free)', async () => {
    const sessionId = await newSession({ price: 100n, power: 100n, dailyLimit: 5 });
    const giver = await registerUser(ctx);
    const other = await registerUser(ctx);
    expect(await giveTo(giver, sessionId, other.phone)).toMatchObject({ code: 10013 });
    expect(await giveTo(giver, sessionId, '0000000000')).toMatchObject({ code: 10013 });
    expect(await giveTo(giver, sessionId, 'NOSUCHCODE')).toMatchObject({ code: 10013 });
  });

  it('reads an invitation code in any case, as registration does', async () => {
    const sessionId = await newSession({ price: 100n, power: 100n, dailyLimit: 5 });
    const giver = await registerUser(ctx);
    const receiver = await registerUser(ctx);
    await fundUser(ctx, giver.id, 'CASH', 100n);
    const answer = await giveTo(giver, sessionId, ` ${receiver.invitation.toLowerCase()} `);
    expect(answer.code).toBe(200);
    expect(answer.result.holding.kind).toBe('gift');
  });

  it("carries the giver's turnover lock to the receiver: a gift of recharged money never matures withdrawable", async () => {
    ctx.clock.set('2026-11-02T09:00:00Z');
    await run();
    const sessionId = await newSession({ price: 1_000n, power: 1_000n, termDays: 1, dailyRateBps: 0, feeBps: 0, dailyLimit: 10 });
    const giver = await registerUser(ctx);
    const receiver = await registerUser(ctx);
    // 100.00 recharged with multiple 1 and never bet, plus 5.00 free (a reward), given as ten 1-day packages.
    await fundUser(ctx, giver.id, 'CASH', 10_000n, 10_000);
    await fundUser(ctx, giver.id, 'CASH', 500n);
    for (let i = 0; i < 10; i++) expect((await giveTo(giver, sessionId, receiver.phone)).code).toBe(200);
    expect((await balancesOf(ctx.db, giver.id)).CASH).toBe(500n);
    // The free 5.00 went first, so 95.00 of the locked money left in the gifts with its share of the lock;
    // the 5.00 the giver keeps is still locked (it was never bet).
    expect(await withdrawableOf(ctx.db, giver.id, 'CASH', 500n)).toBe(0n);
    expect(await turnoverState(ctx.db, giver.id, 'CASH')).toMatchObject({ principal: 500n, required: 500n });
    // Nothing arrives before maturity: the receiver's other money stays as free as it was.
    expect(await turnoverState(ctx.db, receiver.id, 'CASH')).toMatchObject({ principal: 0n });
    ctx.clock.set('2026-11-03T00:00:05Z');
    await run();
    expect((await balancesOf(ctx.db, receiver.id)).CASH).toBe(10_000n);
    expect(await withdrawableOf(ctx.db, receiver.id, 'CASH', 10_000n)).toBe(500n);
    expect(await turnoverState(ctx.db, receiver.id, 'CASH')).toMatchObject({ principal: 9_500n, required: 9_500n, done: 0n });
    expect((await checkLedger(ctx.db)).ok).toBe(true);
  });
});

describe('gift power look-ups are rate-limited', () => {
  it("counts each caller's givePower requests per minute", async () => {
    const limited = await createTestContext({ env: { RATE_LIMIT_GIVE_POWER_PER_MINUTE: '3' } });
    try {
      const giver = await registerUser(limited);
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const answer = await limited.api.post(
          '/app/userPower/givePower',
          { sessionId: '1', account: '0000000000' },
          { token: giver.token },
        );
        codes.push(answer.code);
      }
      expect(codes.slice(0, 3)).not.toContain(429);
      expect(codes.slice(3)).toEqual([429, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('hierarchical power', () => {
  it('is 10% / 5% / 2% of the active basic power of team levels 1 / 2 / 3', async () => {
    ctx.clock.set('2026-10-28T09:00:00Z');
    const sessionId = await newSession({ price: 10_000n, power: 10_000n, dailyLimit: 5 });
    const top = await registerUser(ctx);
    const one = await registerUser(ctx, { invitationCode: top.invitation });
    const two = await registerUser(ctx, { invitationCode: one.invitation });
    for (const member of [one, two]) {
      await fundUser(ctx, member.id, 'CASH', 10_000n);
      expect((await buy(member, sessionId)).code).toBe(200);
    }
    const power = await ctx.api.get<UserPower>('/app/userPower/get', {}, { token: top.token });
    expect(power.result).toMatchObject({ hierarchicalPower: '15.00', personalPower: '15.00' });
    // The team's staking amount counts power stakes.
    const team = await ctx.api.get<{ directStakingAmount: string; teamStakingAmount: string }>(
      '/app/user/getUserTeamInfo',
      {},
      { token: top.token },
    );
    expect(team.result).toMatchObject({ directStakingAmount: '100.00', teamStakingAmount: '200.00' });
    // The level tasks of kind 'power' measure the power held.
    expect((await levelFigures(ctx.db, one.id)).power).toBe(10_000n);
  });
});
