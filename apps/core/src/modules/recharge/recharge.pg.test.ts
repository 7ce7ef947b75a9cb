import type { ChainDeposit, DepositWallet, RechargeOrder } from '@prism/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { createTestContext, operatorActor, registerUser, type TestContext } from '../../testing';
import { checkLedger } from '../../testing/ledger';
import {
  asOperator,
  balanceOf,
  callbackBody,
  createOrder,
  createPendingOrder,
  postCallback,
  transfersWithReference,
} from '../../testing/recharge';
import { approveExceptionCredit, listExceptions, refundException, requestExceptionCredit } from './exceptions';
import { sandboxRefunds } from './schema';

/** Exactly-once under real concurrency: only PostgreSQL runs these transactions side by side (PGlite has one connection). */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const countRows = async (query: ReturnType<typeof sql>) => (await queryRows<{ n: number }>(ctx.db, query))[0]?.n;

describe('money in under concurrency', () => {
  it('20 concurrent replays of one valid callback credit exactly once', async () => {
    const user = await registerUser(ctx);
    const order = await createPendingOrder(ctx, user, '7000');
    const body = callbackBody(order.orderNo, '7000.00');
    const answers = await Promise.all(Array.from({ length: 20 }, () => postCallback(ctx, body)));
    expect(answers.map((a) => [a.code, a.result?.status])).toEqual(Array.from({ length: 20 }, () => [200, 'paid']));
    expect(await balanceOf(ctx, user.id, 'CASH')).toBe(700_000n);
    expect(await transfersWithReference(ctx, `recharge:${order.orderNo}`)).toBe(1);
    expect(await countRows(sql`select count(*)::int as n from sys_messages where user_id = ${user.id}`)).toBe(1);
    expect(await countRows(sql`select required::int as n from turnover where user_id = ${user.id} and currency = 'CASH'`)).toBe(700_000);
    expect((await checkLedger(ctx.db)).ok).toBe(true);
  });

  it('20 concurrent conflicting callbacks (success, failure, wrong amount) settle the order one way, and every answer says which', async () => {
    const user = await registerUser(ctx);
    const order = await createPendingOrder(ctx, user, '1000');
    const bodies = Array.from({ length: 20 }, (_, i) =>
      i % 3 === 0
        ? callbackBody(order.orderNo, '1000.00', 'SUCCESS', `OK${i}`)
        : i % 3 === 1
          ? callbackBody(order.orderNo, '0.00', 'FAILED', `NO${i}`)
          : callbackBody(order.orderNo, '999.99', 'SUCCESS', `BAD${i}`),
    );
    const answers = await Promise.all(bodies.map((body) => postCallback(ctx, body)));
    const [row] = await queryRows<{ status: string }>(ctx.db, sql`select status from recharge_orders where order_no = ${order.orderNo}`);
    expect(answers.map((a) => a.result?.status)).toEqual(Array.from({ length: 20 }, () => row?.status));
    expect(await balanceOf(ctx, user.id, 'CASH')).toBe(row?.status === 'paid' ? 100_000n : 0n);
    expect(await transfersWithReference(ctx, `recharge:${order.orderNo}`)).toBe(row?.status === 'paid' ? 1 : 0);
    expect((await checkLedger(ctx.db)).ok).toBe(true);
  });

  it('20 concurrent reports of one confirmed deposit credit exactly once', async () => {
    const user = await registerUser(ctx);
    const wallets = await ctx.api.post<DepositWallet[]>('/app/user/recharge/getWallet', {}, { token: user.token });
    const address = wallets.result[0]?.address ?? '';
    const fields = { network: 'TRC20', address, amount: '25', confirmations: '12', txHash: 'concurrent-tx-1' };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        ctx.api.post<{ credited: boolean; deposit: ChainDeposit }>('/admin/deposits/report', fields, asOperator),
      ),
    );
    expect(answers.every((a) => a.code === 200 && a.result.deposit.status === 'credited')).toBe(true);
    expect(answers.filter((a) => a.result.credited)).toHaveLength(1);
    expect(await balanceOf(ctx, user.id, 'USDT')).toBe(2_500n);
    expect(await transfersWithReference(ctx, 'deposit:TRC20:concurrent-tx-1')).toBe(1);
    expect(await countRows(sql`select count(*)::int as n from chain_deposits where tx_hash = 'concurrent-tx-1'`)).toBe(1);
    expect(await countRows(sql`select count(*)::int as n from sys_messages where user_id = ${user.id}`)).toBe(1);
    expect((await checkLedger(ctx.db)).ok).toBe(true);
  });

  it('20 concurrent first reports of a deposit still short of confirmations, then 20 at 12: one row, one credit', async () => {
    const user = await registerUser(ctx);
    const wallets = await ctx.api.post<DepositWallet[]>('/app/user/recharge/getWallet', {}, { token: user.token });
    const address = wallets.result[1]?.address ?? '';
    const at = (confirmations: number) =>
      ctx.api.post<{ credited: boolean }>(
        '/admin/deposits/report',
        { network: 'BEP20', address, amount: '3', confirmations: String(confirmations), txHash: 'concurrent-tx-2' },
        asOperator,
      );
    await Promise.all(Array.from({ length: 20 }, (_, i) => at(i % 12)));
    expect(await balanceOf(ctx, user.id, 'USDT')).toBe(0n);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => at(12 + (i % 3))));
    expect(answers.filter((a) => a.result.credited)).toHaveLength(1);
    expect(await balanceOf(ctx, user.id, 'USDT')).toBe(300n);
    expect(await countRows(sql`select confirmations as n from chain_deposits where tx_hash = 'concurrent-tx-2'`)).toBe(14);
    expect((await checkLedger(ctx.db)).ok).toBe(true);
  });

  it('20 concurrent recharge requests with one Idempotency-Key create one order', async () => {
    const user = await registerUser(ctx);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => createOrder(ctx, user, '1000', { 'Idempotency-Key': 'concurrent-recharge-1' })),
    );
    const created = answers.filter((a) => a.code === 200).map((a) => (a.result as RechargeOrder).orderNo);
    // A duplicate either waits for the first answer or is told the request is in progress (423); none creates another order.
    expect(answers.every((a) => a.code === 200 || a.code === 423)).toBe(true);
    expect(new Set(created).size).toBe(1);
    expect(await countRows(sql`select count(*)::int as n from recharge_orders where user_id = ${user.id}`)).toBe(1);
  });

  it('20 concurrent orders against a day limit of 1000.00: one accepted, the rest refused with 13004', async () => {
    const user = await registerUser(ctx);
    expect((await ctx.api.post('/app/protection/limits', { day: '1000' }, { token: user.token })).code).toBe(200);
    const answers = await Promise.all(Array.from({ length: 20 }, () => createOrder(ctx, user, '1000')));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.code !== 200).every((a) => a.code === 13004)).toBe(true);
    expect(await countRows(sql`select count(*)::int as n from recharge_orders where user_id = ${user.id}`)).toBe(1);
  });

  it('concurrent callbacks of orders that together pass a lowered limit credit no more than the limit', async () => {
    const user = await registerUser(ctx);
    const orders = await Promise.all(Array.from({ length: 5 }, () => createPendingOrder(ctx, user, '1000')));
    // Lowering applies at once: the orders were accepted, but only 2000.00 may be credited today.
    expect((await ctx.api.post('/app/protection/limits', { day: '2000' }, { token: user.token })).code).toBe(200);
    const answers = await Promise.all(orders.map((o) => postCallback(ctx, callbackBody(o.orderNo, '1000.00'))));
    expect(answers.every((a) => a.code === 200)).toBe(true);
    expect(answers.filter((a) => a.result?.status === 'paid')).toHaveLength(2);
    expect(answers.filter((a) => a.result?.status === 'over_limit')).toHaveLength(3);
    expect(await balanceOf(ctx, user.id, 'CASH')).toBe(200_000n);
    expect((await checkLedger(ctx.db)).ok).toBe(true);
  });
});

describe('money exceptions under concurrency (PostgreSQL)', () => {
  it('a credit approved by several operators at once and refunded at the same time: decided once, credited at most once', async () => {
    const user = await registerUser(ctx);
    const order = await createPendingOrder(ctx, user, '1000');
    await postCallback(ctx, callbackBody(order.orderNo, '1000.50'));
    const [exception] = (await listExceptions(ctx.db, 'open', 50)).filter((row) => row.reference === order.orderNo);
    if (!exception) throw new Error('no exception recorded');
    await requestExceptionCredit(ctx.services.recharge, exception.id, 'agreed', operatorActor(1, 'ann'));
    const outcomes = await Promise.allSettled([
      ...Array.from({ length: 6 }, (_, i) => approveExceptionCredit(ctx.services.recharge, exception.id, operatorActor(40 + i, `op${i}`))),
      refundException(ctx.services.recharge, exception.id, 'sent back', operatorActor(50, 'refunder')),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const credited = await transfersWithReference(ctx, `exception:${exception.id}`);
    const [after] = (await listExceptions(ctx.db, undefined, 50)).filter((row) => row.id === exception.id);
    expect(credited).toBe(after?.status === 'credited' ? 1 : 0);
    expect(await balanceOf(ctx, user.id, 'CASH')).toBe(after?.status === 'credited' ? 100_050n : 0n);
    // The adapter was asked to pay back only when the refund won (it claims the exception first).
    const sent = await ctx.db
      .select()
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.key, `exception:${exception.id}`));
    expect(sent).toHaveLength(after?.status === 'refunded' ? 1 : 0);
    expect((await checkLedger(ctx.db)).ok).toBe(true);
  });
});
