import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, moneySnapshot, operatorActor, registerUser, type TestContext, type TestUser } from '../../testing';
import { checkLedger } from '../../testing/ledger';
import { asOperator, balanceOf, callbackBody, createPendingOrder, postCallback } from '../../testing/recharge';
import { listAudit } from '../audit';
import { ledgerTransfers } from '../ledger/schema';
import { approveExceptionCredit, type ExceptionView } from './exceptions';
import { sandboxRefunds } from './schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const exceptions = async () => (await ctx.api.get<ExceptionView[]>('/admin/exceptions', {}, asOperator)).result;
const exceptionOf = async (reference: string) => {
  const found = (await exceptions()).find((row) => row.reference === reference);
  if (!found) throw new Error(`no exception for ${reference}`);
  return found;
};
const depositAddress = async (user: TestUser) =>
  (await ctx.api.post<{ address: string }>('/app/wallet/getRecharge', {}, { token: user.token })).result.address;

describe('money exceptions', () => {
  it('a mismatched order is listed; a credit needs a second operator, enters the books once and carries the audit id', async () => {
    const user = await registerUser(ctx);
    const order = await createPendingOrder(ctx, user, '1000');
    await postCallback(ctx, callbackBody(order.orderNo, '999.00'));
    const listed = await exceptionOf(order.orderNo);
    expect(listed).toMatchObject({
      kind: 'amountMismatch',
      userId: user.id,
      coin: 'CASH',
      amount: '999.00',
      expectedAmount: '1000.00',
      status: 'open',
    });

    expect((await ctx.api.post(`/admin/exceptions/${listed.id}/credit`, {}, asOperator)).code).toBe(400);
    const requested = await ctx.api.post<ExceptionView>(
      `/admin/exceptions/${listed.id}/credit`,
      { reason: 'Paid by phone, agreed' },
      asOperator,
    );
    expect(requested.result).toMatchObject({ status: 'creditRequested', requestedBy: 'test-owner' });
    expect((await ctx.api.post(`/admin/exceptions/${listed.id}/approve`, {}, asOperator)).code).toBe(19101);
    expect(await balanceOf(ctx, user.id, 'CASH')).toBe(0n);

    const credited = await approveExceptionCredit(ctx.services.recharge, listed.id, operatorActor(5, 'erin'));
    expect(credited).toMatchObject({ status: 'credited', decidedBy: 'erin' });
    expect(await balanceOf(ctx, user.id, 'CASH')).toBe(99_900n);
    expect((await ctx.api.post(`/admin/exceptions/${listed.id}/approve`, {}, asOperator)).code).toBe(19102);
    expect((await ctx.api.post(`/admin/exceptions/${listed.id}/refund`, { reason: 'late' }, asOperator)).code).toBe(19102);
    const [audit] = (await listAudit(ctx.db, { action: 'exception.credit', targetId: String(listed.id), limit: 1 })).list;
    expect(audit).toMatchObject({ operatorLogin: 'erin', before: { balance: '0.00' }, after: { balance: '999.00', status: 'credited' } });
    const moved = await ctx.db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.reference, `exception:${listed.id}`));
    expect(moved).toHaveLength(1);
    expect(moved[0]).toMatchObject({ type: 'recharge', amount: 99_900n, auditId: audit?.id });
    expect((await checkLedger(ctx.db)).ok).toBe(true);
  });

  it('a deposit below the minimum is listed and refunded through the chain adapter (sandbox records it); no ledger money moves', async () => {
    const user = await registerUser(ctx);
    const address = await depositAddress(user);
    const txHash = `below${Date.now()}`;
    const reported = await ctx.api.post<{ deposit: { id: number; status: string } }>(
      '/admin/deposits/report',
      { network: 'TRC20', address, amount: '0.50', txHash, confirmations: '20' },
      asOperator,
    );
    expect(reported.result.deposit.status).toBe('below_minimum');
    const [reportAudit] = (await listAudit(ctx.db, { action: 'deposit.report', targetId: String(reported.result.deposit.id), limit: 1 }))
      .list;
    expect(reportAudit).toMatchObject({ operatorLogin: 'test-owner', after: { status: 'below_minimum', credited: false } });

    const listed = await exceptionOf(txHash);
    expect(listed).toMatchObject({ kind: 'depositBelowMinimum', coin: 'USDT', amount: '0.50', expectedAmount: '1.00', route: 'TRC20' });
    const before = await moneySnapshot(ctx);
    expect((await ctx.api.post(`/admin/exceptions/${listed.id}/refund`, { reason: ' ' }, asOperator)).code).toBe(400);
    const refunded = await ctx.api.post<ExceptionView>(
      `/admin/exceptions/${listed.id}/refund`,
      { reason: 'Below minimum, sent back' },
      asOperator,
    );
    expect(refunded.result).toMatchObject({ status: 'refunded', decidedBy: 'test-owner', decisionReason: 'Below minimum, sent back' });
    expect(refunded.result.refundRef).toMatch(/^sandbox-refund-\d+$/);
    const [sent] = await ctx.db
      .select()
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.key, `exception:${listed.id}`));
    expect(sent).toMatchObject({ rail: 'chain:TRC20', amount: 50n, coin: 'USDT', destination: { txHash } });
    expect(await moneySnapshot(ctx)).toBe(before);
    expect((await ctx.api.post(`/admin/exceptions/${listed.id}/refund`, { reason: 'again' }, asOperator)).code).toBe(19102);
    expect((await ctx.api.post(`/admin/exceptions/${listed.id}/credit`, { reason: 'x' }, asOperator)).code).toBe(19102);
    expect((await ctx.api.post('/admin/exceptions/999999/refund', { reason: 'x' }, asOperator)).code).toBe(404);
    const [audit] = (await listAudit(ctx.db, { action: 'exception.refund', targetId: String(listed.id), limit: 1 })).list;
    expect(audit).toMatchObject({ before: { status: 'open' }, after: { status: 'refunded', refundRef: refunded.result.refundRef } });
  });

  it('a mismatched order is refunded through its gateway (the sandbox records it)', async () => {
    const user = await registerUser(ctx);
    const order = await createPendingOrder(ctx, user, '1000');
    await postCallback(ctx, callbackBody(order.orderNo, '1200.00'));
    const listed = await exceptionOf(order.orderNo);
    await ctx.api.post(`/admin/exceptions/${listed.id}/refund`, { reason: 'Overpaid' }, asOperator);
    const [sent] = await ctx.db
      .select()
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.key, `exception:${listed.id}`));
    expect(sent).toMatchObject({ rail: 'gateway:sandbox', amount: 120_000n, destination: { orderNo: order.orderNo } });
    expect(await balanceOf(ctx, user.id, 'CASH')).toBe(0n);
  });
});
