import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import {
  bindBankCard,
  createOperatorInApp,
  createTestContext,
  freshWithdrawCode,
  fundUser,
  registerUser,
  registerWithdrawer,
  type TestContext,
} from '../../testing';
import { asOperator } from '../../testing/recharge';

let ctx: TestContext;
let withdrawalId: number;
let userId: number;
const TRC20 = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set('2026-11-24T10:00:00Z');
  const user = await registerWithdrawer(ctx);
  userId = user.id;
  await fundUser(ctx, user.id, 'CASH', 500_000n);
  const bankCardId = String(await bindBankCard(ctx, user, '1234 5678 9012'));
  const applied = await ctx.api.post<{ id: number; status: string }>(
    '/app/user/cashWithdrawal/apply',
    { amount: '2500', bankCardId, assetPassword: user.assetPassword, code: await freshWithdrawCode(ctx, user) },
    { token: user.token },
  );
  if (applied.code !== 200) throw new Error(applied.message);
  withdrawalId = applied.result.id;
});
afterAll(() => ctx.close());

const viewAudits = async () =>
  (await queryRows<{ n: number }>(ctx.db, sql`select count(*)::int as n from audit_log where action = 'withdrawal.viewPayout'`))[0]?.n ?? 0;

describe('withdrawal detail for operators', () => {
  it('shows the withdrawal masked, with the user context', async () => {
    const answer = await ctx.api.get<{
      withdrawal: { id: number; destination: string; userId: number; status: string };
      context: {
        deposits: { amount: string }[];
        turnover: { coin: string }[];
        recentBets: unknown[];
        sharedAddress: unknown[];
        sharedDevice: unknown[];
        deviceRecorded: boolean;
      };
    }>(`/admin/withdrawals/${withdrawalId}`, {}, asOperator);
    expect(answer.code, answer.message).toBe(200);
    expect(answer.result.withdrawal).toMatchObject({ id: withdrawalId, userId, status: 'pending_review' });
    expect(answer.result.withdrawal.destination).not.toContain('123456789012');
    expect(answer.result.context.deposits[0]).toMatchObject({ amount: '5000.00' });
    expect(answer.result.context.turnover.map((t) => t.coin)).toEqual(['CASH', 'USDT']);
    expect(answer.result.context).toMatchObject({ recentBets: [], sharedDevice: [], deviceRecorded: false });
    // The dashboard counts it as pending.
    const dashboard = await ctx.api.get<{ pendingWithdrawals: { count: number } }>('/admin/dashboard', { days: '1' }, asOperator);
    expect(dashboard.result.pendingWithdrawals.count).toBe(1);
  });

  it('lists other accounts that signed in from the same address', async () => {
    const other = await registerUser(ctx);
    const [owner] = await queryRows<{ phone: string }>(ctx.db, sql`select phone from users where id = ${userId}`);
    const logins: [string, string][] = [
      [owner?.phone ?? '', 'secret123'],
      [other.phone, other.password],
    ];
    for (const [phone, password] of logins) {
      const login = await ctx.api.post('/app/auth/login', { phone, password });
      expect(login.code, login.message).toBe(200);
    }
    const answer = await ctx.api.get<{ context: { sharedAddress: { address: string; userIds: number[] }[] } }>(
      `/admin/withdrawals/${withdrawalId}`,
      {},
      asOperator,
    );
    expect(answer.result.context.sharedAddress).toEqual([{ address: expect.any(String), userIds: [other.id] }]);
  });

  it('gives the unmasked payout details and records each view', async () => {
    const before = await viewAudits();
    const answer = await ctx.api.get<Record<string, unknown>>(`/admin/withdrawals/${withdrawalId}/payout`, {}, asOperator);
    expect(answer.code, answer.message).toBe(200);
    expect(answer.result).toMatchObject({ accountNumber: '123456789012', holder: 'A Kumar', ifsc: 'SBIN0001234', chainAddress: null });
    expect(String(answer.result.phone)).toContain(' ');
    await ctx.api.get(`/admin/withdrawals/${withdrawalId}/payout`, {}, asOperator);
    expect(await viewAudits()).toBe(before + 2);
  });

  it('answers not found and bad ids clearly, records nothing, and refuses callers without the permission', async () => {
    const before = await viewAudits();
    expect((await ctx.api.get('/admin/withdrawals/999999', {}, asOperator)).code).toBe(404);
    expect((await ctx.api.get('/admin/withdrawals/999999/payout', {}, asOperator)).code).toBe(404);
    expect((await ctx.api.get('/admin/withdrawals/x1/payout', {}, asOperator)).message).toBe('id: Invalid value');
    expect(await viewAudits()).toBe(before);
    expect((await ctx.api.get(`/admin/withdrawals/${withdrawalId}/payout`, {}, {})).code).toBe(401);
    // Support sees the queue but not payout details: 403, and no view recorded.
    const support = await createOperatorInApp(ctx, 'support');
    const asSupport = { headers: { Authorization: `Ops ${support.apiToken}` } };
    expect((await ctx.api.get(`/admin/withdrawals/${withdrawalId}`, {}, asSupport)).code).toBe(200);
    expect((await ctx.api.get(`/admin/withdrawals/${withdrawalId}/payout`, {}, asSupport)).code).toBe(403);
    expect(await viewAudits()).toBe(before);
  });

  it('gives a USDT withdrawal its chain address', async () => {
    const user = await registerWithdrawer(ctx);
    await fundUser(ctx, user.id, 'USDT', 10_000n);
    expect((await ctx.api.post('/app/user/wallet/bind', { walletType: 'TRC20', address: TRC20 }, { token: user.token })).code).toBe(200);
    const applied = await ctx.api.post<{ id: number }>(
      '/app/user/withdraw/withdrawal',
      { amount: '20', walletType: 'TRC20', assetPassword: user.assetPassword, code: await freshWithdrawCode(ctx, user) },
      { token: user.token },
    );
    expect(applied.code, applied.message).toBe(200);
    const payout = await ctx.api.get<Record<string, unknown>>(`/admin/withdrawals/${applied.result.id}/payout`, {}, asOperator);
    expect(payout.result).toMatchObject({ chainAddress: TRC20, accountNumber: null, channel: 'TRC20' });
  });
});
