import type { Paged, TeamInfo, TeamMember, UserInfo } from '@prism/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindBankCard, createTestContext, fundUser, registerUser, type TestContext, type TestUser } from '../../testing';
import { checkLedger } from '../../testing/ledger';
import { seedBet } from '../../testing/team';
import { balancesOf, transfer } from '../ledger/ledger';
import { checkRebates } from './check';

const TRC20 = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const teamOf = async (user: TestUser) => {
  const answer = await ctx.api.get<TeamInfo>('/app/user/getUserTeamInfo', {}, { token: user.token });
  expect(answer.code).toBe(200);
  return answer.result;
};
const infoOf = async (user: TestUser) => (await ctx.api.get<UserInfo>('/app/user/getUserInfo', {}, { token: user.token })).result;
const paidPeriods = async () =>
  (await ctx.services.team.runRebates()).filter((r) => r.paid).map((r) => `${r.kind}:${r.period}:${r.transfers}`);

describe('team and rebates', () => {
  // root <- a <- b <- c <- d (d is four levels below root), and root <- a2.
  let root: TestUser;
  let a: TestUser;
  let a2: TestUser;
  let b: TestUser;
  let c: TestUser;
  let d: TestUser;

  beforeAll(async () => {
    ctx.clock.set('2026-07-01T08:00:00Z');
    root = await registerUser(ctx);
    a = await registerUser(ctx, { invitationCode: root.invitation });
    a2 = await registerUser(ctx, { invitationCode: root.invitation });
    b = await registerUser(ctx, { invitationCode: a.invitation });
    c = await registerUser(ctx, { invitationCode: b.invitation });
    d = await registerUser(ctx, { invitationCode: c.invitation });
    ctx.clock.set('2026-07-01T10:00:00Z');
    await fundUser(ctx, a.id, 'CASH', 10_000n);
    await fundUser(ctx, b.id, 'CASH', 2_000n);
    await fundUser(ctx, c.id, 'USDT', 500n);
    const at = ctx.clock.now();
    await seedBet(ctx.db, a.id, { total: 5_000n, payout: 9_800n, at });
    await seedBet(ctx.db, b.id, { total: 1_000n, at });
    await seedBet(ctx.db, c.id, { total: 3_000n, at });
    await seedBet(ctx.db, d.id, { total: 100_000n, at });
    await seedBet(ctx.db, b.id, { total: 7_000n, at, settledAt: null }); // still open: no valid turnover yet
  });

  it('team statistics come from the seeded tree, three levels deep', async () => {
    const team = await teamOf(root);
    expect(team).toMatchObject({
      directNumber: 2,
      directRechargeUserNumber: 1,
      directRecharge: '100.00',
      directTotalBetAmount: '50.00',
      directStakingAmount: '0.00',
      teamNumber: 4,
      teamRechargeUserNumber: 2,
      teamRecharge: '120.00',
      teamTotalBetAmount: '90.00',
      teamStakingAmount: '0.00',
      contributionAmount: '0.00',
    });
    expect(team.levels.map((l) => [l.level, l.memberNumber, l.rechargeUserNumber, l.rechargeAmount, l.totalBetAmount])).toEqual([
      [1, 2, 1, '100.00', '50.00'],
      [2, 1, 1, '20.00', '10.00'],
      [3, 1, 0, '0.00', '30.00'],
    ]);
    expect(team.rates).toEqual([
      { level: 1, betRate: '0.30%', rechargeRate: '1.00%', registerReward: '1.00' },
      { level: 2, betRate: '0.20%', rechargeRate: '0.50%', registerReward: '0.50' },
      { level: 3, betRate: '0.10%', rechargeRate: '0.25%', registerReward: '0.20' },
    ]);
    expect(team.directUserList.map((m) => m.id).sort()).toEqual([a.id, a2.id].sort());
    expect((await teamOf(a)).teamNumber).toBe(3);
  });

  it('the job pays a finished day once, per level, into asset records and contribution', async () => {
    ctx.clock.set('2026-07-01T23:59:00Z');
    expect(await paidPeriods()).toEqual(['bet:2026-06-30:0', 'recharge:2026-06-30:0', 'register:2026-06-30:0']);
    ctx.clock.set('2026-07-02T01:00:00Z');
    expect(await paidPeriods()).toEqual(['bet:2026-07-01:9', 'recharge:2026-07-01:6', 'register:2026-07-01:0']);
    expect(await paidPeriods()).toEqual([]);
    // root: bet 0.15 + 0.02 + 0.03, recharge 1.00 + 0.10 (+ 0.01 USDT from c at level 3).
    const balances = await balancesOf(ctx.db, root.id);
    expect(balances.CHIP).toBe(20n);
    expect(balances.CASH).toBe(110n);
    expect(balances.USDT).toBe(1n);
    const team = await teamOf(root);
    expect(team).toMatchObject({ betRebate: '0.20', rechargeRebate: '1.10', registerRebate: '0.00', contributionAmount: '1.30' });
    expect(team.levels.map((l) => l.contributionAmount)).toEqual(['1.15', '0.12', '0.03']);
    expect((await infoOf(root)).yesterdayCommission).toBe('1.30');
    const records = await ctx.api.get<Paged<{ type: string; amount: string }>>(
      '/app/user/account/findUserAccountRecordPage',
      { type: 'rebate' },
      { token: root.token },
    );
    expect(records.result.content.length).toBe(6);
    expect((await checkLedger(ctx.db)).ok).toBe(true);
  });

  it('an invitation is effective only after a wallet or card is bound; its register rebate is paid once', async () => {
    ctx.clock.set('2026-07-02T10:00:00Z');
    expect((await teamOf(root)).levels[0]?.effectiveNumber).toBe(0);
    const bound = await ctx.api.post('/app/user/wallet/bind', { walletType: 'TRC20', address: TRC20 }, { token: a.token });
    expect(bound.code).toBe(200);
    expect((await teamOf(root)).levels[0]?.effectiveNumber).toBe(1);
    ctx.clock.set('2026-07-03T01:00:00Z');
    expect(await paidPeriods()).toEqual(['bet:2026-07-02:0', 'recharge:2026-07-02:0', 'register:2026-07-02:1']);
    expect((await teamOf(root)).registerRebate).toBe('1.00');
    // A bank card the next day changes nothing: the invitation was effective already.
    ctx.clock.set('2026-07-03T10:00:00Z');
    await bindBankCard(ctx, a);
    ctx.clock.set('2026-07-04T01:00:00Z');
    expect(await paidPeriods()).toEqual(['bet:2026-07-03:0', 'recharge:2026-07-03:0', 'register:2026-07-03:0']);
    expect((await teamOf(root)).registerRebate).toBe('1.00');
  });

  it('catches up days missed while nothing ran, each once', async () => {
    ctx.clock.set('2026-07-04T12:00:00Z');
    await seedBet(ctx.db, a.id, { total: 10_000n, at: ctx.clock.now() });
    ctx.clock.set('2026-07-05T12:00:00Z');
    await seedBet(ctx.db, a.id, { total: 20_000n, at: ctx.clock.now() });
    const before = (await balancesOf(ctx.db, root.id)).CHIP;
    ctx.clock.set('2026-07-07T01:00:00Z');
    expect(await paidPeriods()).toEqual([
      'bet:2026-07-04:1',
      'bet:2026-07-05:1',
      'bet:2026-07-06:0',
      'recharge:2026-07-04:0',
      'recharge:2026-07-05:0',
      'recharge:2026-07-06:0',
      'register:2026-07-04:0',
      'register:2026-07-05:0',
      'register:2026-07-06:0',
    ]);
    expect(await paidPeriods()).toEqual([]);
    expect((await balancesOf(ctx.db, root.id)).CHIP - before).toBe(30n + 60n);
    expect((await checkLedger(ctx.db)).ok).toBe(true);
    expect(await checkRebates(ctx.db)).toEqual([]);
    // The check sees a day paid twice (a second payment outside the job).
    await ctx.db.transaction((tx) =>
      transfer(
        tx,
        {
          asset: 'CHIP',
          from: { system: 'rebates' },
          to: { userId: root.id },
          amount: 30n,
          type: 'rebate',
          reference: 'rebate:bet:2026-07-04',
        },
        ctx.clock.now(),
      ),
    );
    expect(await checkRebates(ctx.db)).toEqual(['rebates rebate:bet:2026-07-04: recorded 1/30, paid 2/60']);
  });

  it("pages the members of a level, 20 to a page, only of the caller's own team", async () => {
    const first = await ctx.api.get<Paged<TeamMember>>('/app/user/getTeamMembers', { level: '2', pageNo: '1' }, { token: root.token });
    expect(first.result).toMatchObject({ totalElements: 1, pageNo: 1 });
    expect(first.result.content.map((m) => m.id)).toEqual([b.id]);
    const empty = await ctx.api.get<Paged<TeamMember>>('/app/user/getTeamMembers', { level: '2', pageNo: '2' }, { token: root.token });
    expect(empty.result).toMatchObject({ content: [], totalElements: 1, pageNo: 2 });
    const bad = await ctx.api.get('/app/user/getTeamMembers', { level: '4' }, { token: root.token });
    expect(bad.code).not.toBe(200);
    expect(bad.code).not.toBe(500);
    const unauthenticated = await ctx.api.get('/app/user/getTeamMembers', { level: '1' });
    expect(unauthenticated.code).toBe(401);
  });
});

describe('getUserInfo bet figures', () => {
  it('count the platform day in the configured zone', async () => {
    await ctx.services.config.set('PLATFORM_TIME_ZONE', 'Asia/Kolkata');
    try {
      ctx.clock.set('2026-08-10T12:00:00Z');
      const user = await registerUser(ctx);
      // 23:30 local on the 10th (yesterday) and 00:30 local on the 11th (today).
      await seedBet(ctx.db, user.id, { total: 2_000n, at: new Date('2026-08-10T18:00:00Z') });
      await seedBet(ctx.db, user.id, { total: 1_000n, payout: 1_950n, at: new Date('2026-08-10T19:00:00Z') });
      await seedBet(ctx.db, user.id, { total: 500n, at: new Date('2026-08-10T19:10:00Z') });
      await seedBet(ctx.db, user.id, { total: 400n, at: new Date('2026-08-10T19:20:00Z'), settledAt: null });
      ctx.clock.set('2026-08-10T20:00:00Z');
      expect(await infoOf(user)).toMatchObject({
        todayBetAmount: '19.00',
        todayBetIncome: '19.50',
        todayWin: '4.50',
        totalBetAmount: '39.00',
        yesterdayCommission: '0.00',
      });
    } finally {
      await ctx.services.config.set('PLATFORM_TIME_ZONE', 'UTC');
    }
  });
});

describe('a real bet, end to end', () => {
  it("placed and settled through the game, it shows in both users' figures and earns the inviter a rebate", async () => {
    ctx.clock.set('2026-11-23T10:00:10Z');
    const inviter = await registerUser(ctx);
    const player = await registerUser(ctx, { invitationCode: inviter.invitation });
    await fundUser(ctx, player.id, 'CHIP', 100_000n);
    const session = (await ctx.api.get<{ id: number; sessionEndTime: number }>('/app/game/luckyLottery/getSession', { level: '1' })).result;
    const placed = await ctx.api.post(
      '/app/game/luckyLottery/betting',
      { gameSessionId: String(session.id), betName: 'Red', baseAmount: '10', betMultiples: '5', totalBetAmount: '50.00' },
      { token: player.token },
    );
    expect(placed.code).toBe(200);
    expect((await infoOf(player)).todayBetAmount).toBe('50.00');
    expect((await teamOf(inviter)).directTotalBetAmount).toBe('0.00'); // open: not valid turnover yet
    ctx.clock.set(new Date(session.sessionEndTime + 500));
    await ctx.services.game.scheduler.tick();
    const info = await infoOf(player);
    expect(info.totalBetAmount).toBe('50.00');
    expect(Number(info.todayWin)).toBe(Number(info.todayBetIncome) - 50);
    expect((await teamOf(inviter)).directTotalBetAmount).toBe('50.00');
    const before = (await balancesOf(ctx.db, inviter.id)).CHIP;
    ctx.clock.set('2026-11-24T01:00:00Z');
    const paid = (await ctx.services.team.runRebates()).filter((r) => r.paid && r.kind === 'bet' && r.period === '2026-11-23');
    expect(paid.map((r) => r.transfers)).toEqual([1]);
    // 0.30% of the 50.00 stake, and 1.00% of the 1,000.00 CHIP recharge.
    expect((await balancesOf(ctx.db, inviter.id)).CHIP - before).toBe(15n + 1_000n);
    expect((await infoOf(inviter)).yesterdayCommission).toBe('10.15');
    expect(await checkRebates(ctx.db)).not.toContain(expect.stringContaining('2026-11-23'));
  });
});

describe('effective invitations cannot be faked (docs/money.md)', () => {
  it("refuses the inviter's deposit address and another account's address; a card alone or a wallet without a recharge pays nothing", async () => {
    ctx.clock.set('2026-12-01T10:00:00Z');
    const inviter = await registerUser(ctx);
    const invitees = [];
    for (let i = 0; i < 4; i++) invitees.push(await registerUser(ctx, { invitationCode: inviter.invitation }));
    const [viaDeposit, honest, copycat, carded] = invitees as [TestUser, TestUser, TestUser, TestUser];
    const bind = (user: TestUser, walletType: string, address: string) =>
      ctx.api.post('/app/user/wallet/bind', { walletType, address }, { token: user.token });
    const deposit = await ctx.api.post<{ walletType: string; address: string }[]>(
      '/app/user/recharge/getWallet',
      {},
      { token: inviter.token },
    );
    const trc = deposit.result.find((w) => w.walletType === 'TRC20');
    expect(trc?.address).toBeTruthy();
    expect((await bind(viaDeposit, 'TRC20', trc?.address ?? '')).code).toBe(10047);
    const own = '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed';
    expect((await bind(honest, 'ERC20', own)).code).toBe(200);
    expect((await bind(copycat, 'BEP20', own)).code).toBe(10047); // the same address on another network too
    expect((await bind(honest, 'ERC20', own)).code).toBe(200); // rebinding one's own address is fine
    await bindBankCard(ctx, carded);

    // Nobody has recharged: no invitation counts yet, no register rebate is paid.
    expect((await teamOf(inviter)).levels[0]?.effectiveNumber).toBe(0);
    ctx.clock.set('2026-12-02T01:00:00Z');
    await ctx.services.team.runRebates();
    expect((await teamOf(inviter)).registerRebate).toBe('0.00');

    // The honest invitee's first credited recharge is the signal; the carded one's recharge is not (no wallet).
    ctx.clock.set('2026-12-02T10:00:00Z');
    await fundUser(ctx, honest.id, 'CASH', 1_000n);
    await fundUser(ctx, carded.id, 'CASH', 1_000n);
    expect((await teamOf(inviter)).levels[0]?.effectiveNumber).toBe(1);
    ctx.clock.set('2026-12-03T01:00:00Z');
    await ctx.services.team.runRebates();
    expect((await teamOf(inviter)).registerRebate).toBe('1.00');
    expect(await checkRebates(ctx.db)).not.toContain(expect.stringContaining('2026-12-0'));
  });

  it("with TEAM_INVITE_SIGNAL 'wallet' the binding alone counts", async () => {
    ctx.clock.set('2026-12-10T10:00:00Z');
    await ctx.services.config.set('TEAM_INVITE_SIGNAL', 'wallet');
    try {
      const inviter = await registerUser(ctx);
      const invitee = await registerUser(ctx, { invitationCode: inviter.invitation });
      const bound = await ctx.api.post(
        '/app/user/wallet/bind',
        { walletType: 'TRC20', address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7' },
        { token: invitee.token },
      );
      expect(bound.code, bound.message).toBe(200);
      expect((await teamOf(inviter)).levels[0]?.effectiveNumber).toBe(1);
    } finally {
      await ctx.services.config.set('TEAM_INVITE_SIGNAL', 'first_recharge');
    }
  });
});

describe('recharge rebates on money that stays', () => {
  it('a recharge withdrawn the same day earns no recharge rebate; one that stays does', async () => {
    ctx.clock.set('2026-12-20T10:00:00Z');
    const inviter = await registerUser(ctx);
    const cycler = await registerUser(ctx, { invitationCode: inviter.invitation });
    const keeper = await registerUser(ctx, { invitationCode: inviter.invitation });
    await fundUser(ctx, cycler.id, 'USDT', 100_000n);
    await fundUser(ctx, keeper.id, 'USDT', 100_000n);
    // The cycler asks for all of it back the same day (seeded as the withdraw module records it).
    await ctx.db.execute(
      sql`insert into withdrawals (order_no, user_id, currency, amount, fee, receive, channel, destination, status, local_day, created_at)
          values ('WCYCLE1', ${cycler.id}, 'USDT', 100000, 1000, 99000, 'TRC20', '{}'::jsonb, 'pending_review', '2026-12-20', ${ctx.clock.now().toISOString()}::timestamptz)`,
    );
    const before = (await balancesOf(ctx.db, inviter.id)).USDT;
    ctx.clock.set('2026-12-21T01:00:00Z');
    await ctx.services.team.runRebates();
    // 1% of the keeper's 1,000.00 only.
    expect((await balancesOf(ctx.db, inviter.id)).USDT - before).toBe(1_000n);
    expect(await checkRebates(ctx.db)).not.toContain(expect.stringContaining('2026-12-20'));
  });
});
