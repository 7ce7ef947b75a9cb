import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, fundUser, moneySnapshot, operatorActor, registerUser, TEST_OPS_TOKEN, type TestContext } from '../../testing';
import { checkLedger } from '../../testing/ledger';
import { listAudit } from '../audit';
import { balancesOf, systemBalance } from '../ledger/ledger';
import { ledgerTransfers, turnover } from '../ledger/schema';
import { approveAdjustment, rejectAdjustment, requestAdjustment } from './adjustment';
import { checkAdjustments } from './check';
import { balanceAdjustments } from './schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const asOperator = { headers: { Authorization: `Ops ${TEST_OPS_TOKEN}` } };
const ann = operatorActor(11, 'ann');
const bob = operatorActor(12, 'bob');
const deps = () => ({ db: ctx.db, clock: ctx.clock });

describe('four-eyes balance adjustments', () => {
  it('a request waits; its requester cannot decide it; a second operator approves and the ledger moves once, carrying the audit id', async () => {
    const user = await registerUser(ctx);
    const requested = await ctx.api.post<{ id: number; status: string; requestedBy: string }>(
      '/admin/adjustments',
      { userId: String(user.id), coin: 'CASH', direction: 'credit', amount: '12.50', reason: 'Goodwill for a lost deposit' },
      asOperator,
    );
    expect(requested.result).toMatchObject({ status: 'pending', requestedBy: 'test-owner', amount: '12.50', direction: 'credit' });
    const { id } = requested.result;
    // The same operator (the shared token) cannot approve or reject its own request.
    expect(await ctx.api.post(`/admin/adjustments/${id}/approve`, {}, asOperator)).toMatchObject({
      code: 19101,
      message: 'A second operator must approve this',
    });
    expect((await ctx.api.post(`/admin/adjustments/${id}/reject`, { reason: 'no' }, asOperator)).code).toBe(19101);
    expect((await balancesOf(ctx.db, user.id)).CASH).toBe(0n);

    const approved = await approveAdjustment(deps(), id, ann);
    expect(approved).toMatchObject({ status: 'approved', decidedBy: 'ann' });
    expect((await balancesOf(ctx.db, user.id)).CASH).toBe(1250n);
    // A second approval (by anyone) is refused and pays nothing.
    await expect(approveAdjustment(deps(), id, bob)).rejects.toMatchObject({ key: 'ALREADY_DECIDED' });
    expect((await ctx.api.post(`/admin/adjustments/${id}/approve`, {}, asOperator)).code).toBe(19102);
    expect((await balancesOf(ctx.db, user.id)).CASH).toBe(1250n);

    const [moved] = await ctx.db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.reference, `adjustment:${id}`));
    const audit = await listAudit(ctx.db, { action: 'adjustment.approve', targetId: String(id), limit: 5 });
    expect(audit.list).toHaveLength(1);
    expect(moved?.auditId).toBe(audit.list[0]?.id);
    expect(audit.list[0]).toMatchObject({
      operatorLogin: 'ann',
      before: { status: 'pending', balance: '0.00' },
      after: { status: 'approved', balance: '12.50' },
    });
    expect((await checkLedger(ctx.db)).ok).toBe(true);
  });

  it('a debit beyond the balance is refused cleanly and stays pending; a debit within it moves to the adjustments account', async () => {
    const user = await registerUser(ctx);
    await fundUser(ctx, user.id, 'USDT', 500n);
    const big = await requestAdjustment(
      deps(),
      { userId: user.id, coin: 'USDT', direction: 'debit', amount: 501n, reason: 'Chargeback' },
      ann,
    );
    const before = await moneySnapshot(ctx);
    await expect(approveAdjustment(deps(), big.id, bob)).rejects.toMatchObject({ key: 'INSUFFICIENT_BALANCE' });
    expect(await moneySnapshot(ctx)).toBe(before);
    expect((await ctx.api.get<{ id: number; status: string }[]>('/admin/adjustments', { status: 'pending' }, asOperator)).result).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: big.id, status: 'pending' })]),
    );
    const rejected = await rejectAdjustment(deps(), big.id, '  Too much ', bob);
    expect(rejected).toMatchObject({ status: 'rejected', decisionReason: 'Too much', decidedBy: 'bob' });

    const adjustmentsBefore = await systemBalance(ctx.db, 'adjustments', 'USDT');
    const small = await requestAdjustment(
      deps(),
      { userId: user.id, coin: 'USDT', direction: 'debit', amount: 200n, reason: 'Chargeback' },
      ann,
    );
    await approveAdjustment(deps(), small.id, bob);
    expect((await balancesOf(ctx.db, user.id)).USDT).toBe(300n);
    expect(await systemBalance(ctx.db, 'adjustments', 'USDT')).toBe(adjustmentsBefore + 200n);
    expect((await checkLedger(ctx.db)).ok).toBe(true);
  });

  it('refuses a bad request with every problem named: amount, coin, direction, reason, unknown user', async () => {
    const answer = await ctx.api.post(
      '/admin/adjustments',
      { userId: '1', coin: 'EUR', direction: 'up', amount: '0', reason: ' ' },
      asOperator,
    );
    expect(answer.code).toBe(400);
    const user = await registerUser(ctx);
    const problems = await ctx.api.post<null>(
      '/admin/adjustments',
      { userId: String(user.id), coin: 'EUR', direction: 'up', amount: '5', reason: ' ' },
      asOperator,
    );
    expect(problems).toMatchObject({ code: 400 });
    expect(JSON.stringify(problems)).toContain('coin');
    expect(JSON.stringify(problems)).toContain('reason');
    expect(
      (
        await ctx.api.post(
          '/admin/adjustments',
          { userId: '999999999', coin: 'CASH', direction: 'credit', amount: '5', reason: 'x' },
          asOperator,
        )
      ).code,
    ).toBe(404);
    expect((await ctx.api.post('/admin/adjustments/999999/approve', {}, asOperator)).code).toBe(404);
  });
});

describe('turnover waiver', () => {
  it("clears the coin's turnover lock with a reason, audited with before and after", async () => {
    const user = await registerUser(ctx);
    await fundUser(ctx, user.id, 'CASH', 10_000n, 10_000);
    const waived = await ctx.api.post<{ coin: string; waived: string }>(
      `/admin/users/${user.id}/turnoverWaiver`,
      { coin: 'CASH', reason: 'Bonus campaign error' },
      asOperator,
    );
    expect(waived.result).toMatchObject({ coin: 'CASH', waived: '100.00' });
    const [row] = await ctx.db
      .select()
      .from(turnover)
      .where(and(eq(turnover.userId, user.id), eq(turnover.currency, 'CASH')));
    expect(row).toMatchObject({ principal: 0n, required: 0n });
    const audit = await listAudit(ctx.db, { action: 'turnover.waive', targetId: String(user.id), limit: 1 });
    expect(audit.list[0]).toMatchObject({ before: { locked: '100.00' }, after: { locked: '0.00' }, reason: 'Bonus campaign error' });
    expect((await ctx.api.post(`/admin/users/${user.id}/turnoverWaiver`, { coin: 'CASH' }, asOperator)).code).toBe(400);
    expect((await ctx.api.post('/admin/users/999999999/turnoverWaiver', { coin: 'CASH', reason: 'x' }, asOperator)).code).toBe(404);
    expect(await ctx.db.select().from(ledgerTransfers).where(isNotNull(ledgerTransfers.auditId))).not.toHaveLength(0);
  });
});

describe('checkAdjustments (the simulation invariant)', () => {
  it('holds after the decisions above, and names an approved adjustment that moved nothing', async () => {
    expect(await checkAdjustments(ctx.db)).toEqual([]);
    const user = await registerUser(ctx);
    const { id } = await requestAdjustment(deps(), { userId: user.id, coin: 'GOLD', direction: 'credit', amount: 5n, reason: 'x' }, ann);
    await ctx.db.update(balanceAdjustments).set({ status: 'approved' }).where(eq(balanceAdjustments.id, id));
    expect(await checkAdjustments(ctx.db)).toEqual([
      'adjustments GOLD: approved net 5, the adjustments account moved 0',
      `adjustment ${id} (approved): 0 transfers, carrying its audit id: false`,
    ]);
    await ctx.db.update(balanceAdjustments).set({ status: 'pending' }).where(eq(balanceAdjustments.id, id));
  });
});
