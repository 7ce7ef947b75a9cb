import { formatMoney, type GameSession } from '@prism/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { silentLogger } from '../../platform/logger';
import {
  bindBankCard,
  createOperatorInApp,
  createTestContext,
  freshWithdrawCode,
  registerUser,
  registerWithdrawer,
  type TestContext,
  type TestUser,
} from '../../testing';
import { asOperator, callbackBody, createPendingOrder, postCallback } from '../../testing/recharge';
import { catchUp } from './aggregates';
import type { Dashboard } from './dashboard';
import { startDashboardJob } from './job';
import { FEE_KINDS } from './perCoin';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set('2026-11-25T10:00:10Z');
});
afterAll(() => ctx.close());

const getDashboard = async (days = '3') => {
  const answer = await ctx.api.get<Dashboard>('/admin/dashboard', { days }, asOperator);
  expect(answer.code, answer.message).toBe(200);
  return answer.result;
};

/** A recharge through the sandbox gateway: order, then the signed callback. */
async function recharge(user: TestUser, amount: string): Promise<void> {
  const order = await createPendingOrder(ctx, user, amount);
  const paid = await postCallback(ctx, callbackBody(order.orderNo, amount));
  expect(paid.code, paid.message).toBe(200);
}

/** Bets in room 1's next session through the API, then the session drawn and settled by the scheduler. */
async function playSession(players: TestUser[]): Promise<void> {
  const now = ctx.clock.now().getTime();
  ctx.clock.set(new Date((Math.floor(now / 60_000) + 1) * 60_000 + 1_000));
  const session = (await ctx.api.get<GameSession>('/app/game/luckyLottery/getSession', { level: '1' })).result;
  for (const [i, player] of players.entries()) {
    for (const betName of ['Big', 'Small', 'Red', String(i % 10)]) {
      const placed = await ctx.api.post(
        '/app/game/luckyLottery/betting',
        { gameSessionId: String(session.id), betName, baseAmount: '10', betMultiples: '5', totalBetAmount: '50.00' },
        { token: player.token },
      );
      expect(placed.code, placed.message).toBe(200);
    }
  }
  ctx.clock.advance(65_000);
  await ctx.services.game.scheduler.tick();
  await ctx.services.game.scheduler.tick();
}

/**
 * The figures computed from the ledger alone, per UTC day and coin: sums by transfer type and the
 * house account's change, as a person would add them up from ledger_transfers.
 */
async function ledgerFigures(days: readonly string[]) {
  const rows = await queryRows<{ day: string; coin: string; type: string; amount: string; house: string }>(
    ctx.db,
    sql`select (t.created_at at time zone 'UTC')::date::text as day, t.asset as coin, t.type, sum(t.amount)::text as amount,
               sum(case when d.system_name = 'house' then t.amount when f.system_name = 'house' then -t.amount else 0 end)::text as house
          from ledger_transfers t join ledger_accounts f on f.id = t.from_account_id join ledger_accounts d on d.id = t.to_account_id
         group by 1, 2, 3`,
  );
  const pick = (day: string, coin: string, types: readonly string[]) =>
    rows.filter((r) => r.day === day && r.coin === coin && types.includes(r.type)).reduce((total, r) => total + BigInt(r.amount), 0n);
  const house = (day: string, coin: string) =>
    rows.filter((r) => r.day === day && r.coin === coin).reduce((total, r) => total + BigInt(r.house), 0n);
  const coins = [...new Set(['CASH', 'USDT', ...rows.filter((r) => days.includes(r.day)).map((r) => r.coin)])].sort();
  return days.map((date) => ({
    date,
    coins: coins.map((coin) => ({
      coin,
      recharges: formatMoney(pick(date, coin, ['recharge'])),
      withdrawals: formatMoney(pick(date, coin, ['withdraw_paid'])),
      netFlow: formatMoney(pick(date, coin, ['recharge']) - pick(date, coin, ['withdraw_paid'])),
      bets: formatMoney(pick(date, coin, ['bet'])),
      payouts: formatMoney(pick(date, coin, ['payout'])),
      fees: formatMoney(pick(date, coin, FEE_KINDS)),
      houseResult: formatMoney(house(date, coin)),
    })),
  }));
}

/** Room 1's stakes and payouts over the window, from the bets themselves. */
async function roomOneFromBets() {
  const [row] = await queryRows<{ n: number; stake: string; payout: string }>(
    ctx.db,
    sql`select count(*)::int as n, sum(total)::text as stake, sum(payout)::text as payout from game_bets where level = 1 and coin = 'CHIP'`,
  );
  return { bets: row?.n ?? 0, stake: formatMoney(BigInt(row?.stake ?? '0')), payout: formatMoney(BigInt(row?.payout ?? '0')) };
}

describe('operator dashboard', () => {
  let players: TestUser[];

  it('reconciles every figure with the ledger, before and after the aggregates are refreshed', async () => {
    players = [await registerUser(ctx), await registerUser(ctx), await registerUser(ctx)];
    for (const player of players) {
      await recharge(player, '1000');
      const exchanged = await ctx.api.post(
        '/app/user/account/exchange',
        { fromCoin: 'CASH', toCoin: 'CHIP', amount: '600' },
        { token: player.token },
      );
      expect(exchanged.code, exchanged.message).toBe(200);
    }
    await playSession(players);
    // Part of the ledger folded in, part left in the tail: the answer must not care.
    expect(await catchUp(ctx.db, ctx.clock)).toBeGreaterThan(0);
    // No turnover on recharges, so the withdrawer may take money out at once.
    const multiple = { currency: 'CASH', field: 'betLimitRechargeMultiple4Withdraw', value: '0' };
    expect((await ctx.api.post('/admin/wallet/config', multiple, asOperator)).code).toBe(200);
    const withdrawer = await registerWithdrawer(ctx);
    await recharge(withdrawer, '3000');
    const bankCardId = String(await bindBankCard(ctx, withdrawer));
    const paid = await ctx.api.post(
      '/app/user/cashWithdrawal/apply',
      { amount: '1000', bankCardId, assetPassword: withdrawer.assetPassword, code: await freshWithdrawCode(ctx, withdrawer) },
      { token: withdrawer.token },
    );
    expect(paid.code, paid.message).toBe(200);
    // The next UTC day: a second day of figures.
    ctx.clock.set('2026-11-26T12:00:10Z');
    await recharge(players[0] as TestUser, '1200');
    await playSession(players.slice(0, 2));

    const days = ['2026-11-24', '2026-11-25', '2026-11-26'];
    const expected = await ledgerFigures(days);
    const before = await getDashboard();
    expect(before.days).toEqual(expected);
    expect(before.today).toEqual(expected[2]?.coins);
    expect(before.complete).toBe(true);
    expect(before.timeZone).toBe('UTC');
    expect(before.rooms.find((r) => r.room === 1 && r.coin === 'CHIP')).toMatchObject({
      ...(await roomOneFromBets()),
      name: expect.any(String),
      configuredRtpBps: 9_800,
    });
    // Four accounts opened yesterday (more than a day ago); three bet this month, two in the last day.
    expect(before.players).toEqual({ active1d: 2, active30d: 3, new1d: 0, new30d: 4 });

    await catchUp(ctx.db, ctx.clock);
    const after = await getDashboard();
    expect(after.days).toEqual(expected);
    expect(after.rooms).toEqual(before.rooms);
    expect(after.players).toEqual(before.players);
    const cash = after.today.find((c) => c.coin === 'CASH');
    expect(cash?.recharges).toBe('1200.00');
  });

  it('shows pending withdrawals, jobs, the bot backlog, and no ledger check until one is run', async () => {
    const result = await getDashboard('1');
    expect(result.days).toHaveLength(1);
    expect(result.pendingWithdrawals).toMatchObject({ count: 0, oldestAt: null });
    expect(result.pendingWithdrawals.byAge.map((b) => b.bucket)).toEqual(['<1h', '1-6h', '6-24h', '>24h']);
    expect(result.jobs.map((j) => j.name)).toEqual(['earnings', 'rebates', 'dashboard']);
    expect(result.botBacklog).toEqual({ pending: 0, failed: 0 });
    expect(result.ledgerCheck).toBeNull();
  });

  it('runs the ledger check, records it with an audit row, and shows the last one', async () => {
    const run = await ctx.api.post<{ check: { ok: boolean; at: string } }>('/admin/ledger/check/run', {}, asOperator);
    expect(run.code, run.message).toBe(200);
    expect(run.result.check.ok).toBe(true);
    const shown = (await getDashboard('1')).ledgerCheck;
    expect(shown).toMatchObject({ ok: true, at: run.result.check.at, operator: 'test-owner' });
    expect(shown?.summary).toMatchObject({ mismatches: 0, negativeUsers: 0, pendingBets: 0 });
    const [audit] = await queryRows<{ n: number }>(ctx.db, sql`select count(*)::int as n from audit_log where action = 'ledger.check'`);
    expect(audit?.n).toBe(1);
    expect(shown?.summary).toMatchObject({ aggregates: { ok: true } });
  });

  it('finds daily sums that no longer add up to the ledger', async () => {
    await catchUp(ctx.db, ctx.clock);
    const tamper = (delta: number) => ctx.db.execute(sql`update dashboard_daily set amount = amount + ${delta} where kind = 'recharge'`);
    await tamper(1);
    try {
      const run = await ctx.api.post<{ check: { ok: boolean; summary: { aggregates: { ok: boolean } } } }>(
        '/admin/ledger/check/run',
        {},
        asOperator,
      );
      expect(run.result.check).toMatchObject({ ok: false, summary: { aggregates: { ok: false } } });
    } finally {
      await tamper(-1);
    }
  });

  it('the periodic job catches up from the watermark when it starts (as after downtime), and stops', async () => {
    await recharge(players[1] as TestUser, '1000');
    const job = startDashboardJob(ctx.db, ctx.clock, silentLogger, 3_600_000);
    await job();
    const [left] = await queryRows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from ledger_transfers where id > (select last_transfer_id from dashboard_watermark)`,
    );
    expect(left?.n).toBe(0);
  });

  it('refuses a bad window with a clear error and callers without the permission', async () => {
    for (const days of ['0', '91', 'x', '-1']) {
      const answer = await ctx.api.get('/admin/dashboard', { days }, asOperator);
      expect(answer.code).toBe(400);
      expect(answer.message).toBe('days: Invalid value');
    }
    expect((await ctx.api.get('/admin/dashboard', {}, {})).code).toBe(401);
    expect((await ctx.api.post('/admin/ledger/check/run', {}, {})).code).toBe(401);
    // Support sees the dashboard but may not run the ledger check.
    const support = { headers: { Authorization: `Ops ${(await createOperatorInApp(ctx, 'support')).apiToken}` } };
    expect((await ctx.api.get('/admin/dashboard', {}, support)).code).toBe(200);
    expect((await ctx.api.post('/admin/ledger/check/run', {}, support)).code).toBe(403);
  });
});
