import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bindBankCard,
  createTestContext,
  freshWithdrawCode,
  fundUser,
  operatorActor,
  registerWithdrawer,
  TEST_OPS_TOKEN,
  type TestContext,
} from '../../testing';
import { checkLedger } from '../../testing/ledger';
import { balancesOf } from '../ledger/ledger';
import { passwordThrottles } from '../throttle/schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set('2026-11-23T10:00:00Z');
});
afterAll(() => ctx.close());

describe('withdrawals under concurrency (PostgreSQL)', () => {
  it('50 concurrent withdrawals of the whole balance: exactly one goes through', async () => {
    const user = await registerWithdrawer(ctx);
    await fundUser(ctx, user.id, 'CASH', 500_000n);
    const bankCardId = String(await bindBankCard(ctx, user));
    const code = await freshWithdrawCode(ctx, user);
    const form = { amount: '5000', bankCardId, assetPassword: user.assetPassword, code };
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => ctx.api.post('/app/user/cashWithdrawal/apply', form, { token: user.token })),
    );
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    expect((await balancesOf(ctx.db, user.id)).CASH).toBe(0n);
    expect((await checkLedger(ctx.db)).ok).toBe(true);
  });

  it('20 concurrent withdrawals with the right payment password: none is taken for a wrong try', async () => {
    const user = await registerWithdrawer(ctx);
    await fundUser(ctx, user.id, 'CASH', 1_000_000n);
    const bankCardId = String(await bindBankCard(ctx, user, '123456789014'));
    const code = await freshWithdrawCode(ctx, user);
    const form = { amount: '200', bankCardId, assetPassword: user.assetPassword, code };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => ctx.api.post('/app/user/cashWithdrawal/apply', form, { token: user.token })),
    );
    expect(answers.filter((a) => a.code === 10033 || a.code === 10026)).toEqual([]);
    expect(answers.filter((a) => a.code === 200).length).toBeGreaterThan(0);
    const [row] = await ctx.db
      .select()
      .from(passwordThrottles)
      .where(eq(passwordThrottles.key, `asset:${user.id}`));
    expect(row).toBeUndefined();
    // A wrong one still counts.
    const wrong = await ctx.api.post('/app/user/cashWithdrawal/apply', { ...form, assetPassword: '135790' }, { token: user.token });
    expect(wrong.code).toBe(10026);
    const [after] = await ctx.db
      .select()
      .from(passwordThrottles)
      .where(eq(passwordThrottles.key, `asset:${user.id}`));
    expect(after?.failures).toBe(1);
    expect((await checkLedger(ctx.db)).ok).toBe(true);
  });

  it('racing operator decisions: exactly one of approve and reject wins', async () => {
    const user = await registerWithdrawer(ctx);
    await fundUser(ctx, user.id, 'CASH', 500_000n);
    const bankCardId = String(await bindBankCard(ctx, user, '123456789013'));
    const form = { amount: '4000', bankCardId, assetPassword: user.assetPassword, code: await freshWithdrawCode(ctx, user) };
    const applied = await ctx.api.post<{ id: number; status: string }>('/app/user/cashWithdrawal/apply', form, { token: user.token });
    expect(applied.result.status).toBe('pending_review');
    const operator = { headers: { Authorization: `Ops ${TEST_OPS_TOKEN}` } };
    const decisions = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i % 2
          ? ctx.api.post(`/admin/withdrawals/${applied.result.id}/approve`, {}, operator)
          : ctx.api.post(`/admin/withdrawals/${applied.result.id}/reject`, { reason: 'race' }, operator),
      ),
    );
    expect(decisions.filter((d) => d.code === 200)).toHaveLength(1);
    expect(decisions.filter((d) => d.code === 10028)).toHaveLength(9);
    const balance = (await balancesOf(ctx.db, user.id)).CASH;
    expect([100_000n, 500_000n]).toContain(balance);
    expect((await checkLedger(ctx.db)).ok).toBe(true);
  });
});

describe('four-eyes withdrawals under concurrency (PostgreSQL)', () => {
  it('first approvals and second approvals racing: paid once, by two different operators', async () => {
    await ctx.api.post(
      '/admin/wallet/config',
      { currency: 'CASH', field: 'secondApprovalAbove', value: '1500' },
      {
        headers: { Authorization: `Ops ${TEST_OPS_TOKEN}` },
      },
    );
    const user = await registerWithdrawer(ctx);
    await fundUser(ctx, user.id, 'CASH', 500_000n);
    const bankCardId = String(await bindBankCard(ctx, user, '123456789016'));
    const form = { amount: '2000', bankCardId, assetPassword: user.assetPassword, code: await freshWithdrawCode(ctx, user) };
    const { result } = await ctx.api.post<{ id: number; status: string }>('/app/user/cashWithdrawal/apply', form, { token: user.token });
    expect(result.status).toBe('pending_review');
    const outcomes = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => ctx.services.withdraw.approve(result.id, operatorActor(30 + (i % 4), `op${i % 4}`))),
    );
    const statuses = outcomes.map((o) => (o.status === 'fulfilled' ? o.value.status : (o.reason as { key: string }).key));
    expect(statuses.filter((s) => s === 'awaitingSecondApproval')).toHaveLength(1);
    expect(statuses.filter((s) => s === 'paid')).toHaveLength(1);
    expect(statuses.every((s) => ['awaitingSecondApproval', 'paid', 'WITHDRAWAL_NOT_PENDING', 'FOUR_EYES_SELF'].includes(s))).toBe(true);
    expect((await balancesOf(ctx.db, user.id)).CASH).toBe(300_000n);
    expect((await checkLedger(ctx.db)).ok).toBe(true);
  });
});
