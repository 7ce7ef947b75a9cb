import type { PayChannel, RechargeAmountList, RechargeOrder } from '@prism/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { createTestContext, registerUser, snapshotDatabase, type TestContext, type TestUser } from '../../testing';
import { checkLedger } from '../../testing/ledger';
import { asOperator, balanceOf, callbackBody, createOrder, postCallback } from '../../testing/recharge';
import { payChannels } from './schema';

let ctx: TestContext;
let user: TestUser;
beforeAll(async () => {
  ctx = await createTestContext();
  user = await registerUser(ctx);
  // A channel switched off by the operator and one whose gateway adapter this server does not have.
  await ctx.db.insert(payChannels).values([
    { payChannelName: 'offline', showName: 'Offline', gateway: 'sandbox', enabled: false, sort: 5 },
    { payChannelName: 'acme', showName: 'Acme Pay', gateway: 'acme', sort: 6 },
  ]);
});
afterAll(() => ctx.close());

const ordersOf = async (userId: number) =>
  queryRows<{ order_no: string; amount: string; status: string }>(
    ctx.db,
    sql`select order_no, amount::text as amount, status from recharge_orders where user_id = ${userId} order by id`,
  );

describe('pay channels and amounts', () => {
  it('lists only enabled channels that have a gateway adapter, with the demo flag', async () => {
    const answer = await ctx.api.post<PayChannel[]>('/app/payChannel/list');
    expect(answer.code).toBe(200);
    expect(answer.result).toEqual([
      { id: expect.any(Number), showName: 'Sandbox (demo money)', payChannelName: 'sandbox', currency: 'CASH', demo: true },
    ]);
  });

  it('offers the preset amounts within the CASH limits and the stepper bounds', async () => {
    expect((await ctx.api.post('/app/user/cashRecharge/amountList')).code).toBe(401);
    const answer = await ctx.api.post<RechargeAmountList>('/app/user/cashRecharge/amountList', {}, { token: user.token });
    expect(answer.result).toEqual({
      currency: 'CASH',
      openRecharge: true,
      amountList: ['1000.00', '2000.00', '5000.00', '10000.00', '20000.00', '50000.00'],
      min: '1000.00',
      max: '50000.00',
      step: '1000.00',
    });
    // The operator narrows the limits: the list follows.
    await ctx.api.post('/admin/wallet/config', { currency: 'CASH', field: 'chargeMaxLimit', value: '10000' }, asOperator);
    const narrowed = await ctx.api.post<RechargeAmountList>('/app/user/cashRecharge/amountList', {}, { token: user.token });
    expect(narrowed.result.amountList).toEqual(['1000.00', '2000.00', '5000.00', '10000.00']);
    expect(narrowed.result.max).toBe('10000.00');
    await ctx.api.post('/admin/wallet/config', { currency: 'CASH', field: 'chargeMaxLimit', value: '50000' }, asOperator);
  });
});

describe('cashRecharge/recharge', () => {
  it('creates a pending order with an unguessable number and the sandbox payment URL', async () => {
    const answer = await createOrder(ctx, user, '2000');
    expect(answer.code).toBe(200);
    const order = answer.result;
    expect(order.orderNo).toMatch(/^R\d{8}[A-Z0-9]{20}$/);
    expect(order).toEqual({
      orderNo: order.orderNo,
      amount: '2000.00',
      currency: 'CASH',
      status: 'pending',
      payUrl: `/core/pay/sandbox/${order.orderNo}`,
      demo: true,
    });
    const rows = await queryRows<{ amount: string; status: string; pay_url: string; user_id: number }>(
      ctx.db,
      sql`select amount::text as amount, status, pay_url, user_id::int as user_id from recharge_orders where order_no = ${order.orderNo}`,
    );
    expect(rows).toEqual([{ amount: '200000', status: 'pending', pay_url: order.payUrl, user_id: user.id }]);
    const second = await createOrder(ctx, user, '2000');
    expect(second.result.orderNo).not.toBe(order.orderNo);
  });

  const refusals: [string, Record<string, string>, number, string][] = [
    ['missing amount', { payChannelName: 'sandbox' }, 400, 'Please enter the amount'],
    ['empty amount', { payChannelName: 'sandbox', amount: '' }, 400, 'Please enter the amount'],
    ['non-numeric amount', { payChannelName: 'sandbox', amount: 'abc' }, 400, 'Enter an amount with at most 2 decimals'],
    ['negative amount', { payChannelName: 'sandbox', amount: '-1000' }, 400, 'Enter an amount with at most 2 decimals'],
    ['zero amount', { payChannelName: 'sandbox', amount: '0' }, 400, 'The amount must be greater than zero'],
    ['3 decimals', { payChannelName: 'sandbox', amount: '1000.001' }, 400, 'Enter an amount with at most 2 decimals'],
    ['exponent', { payChannelName: 'sandbox', amount: '1e4' }, 400, 'Enter an amount with at most 2 decimals'],
    ['below the minimum', { payChannelName: 'sandbox', amount: '999.99' }, 10020, 'Cannot be less than the minimum recharge amount'],
    ['above the maximum', { payChannelName: 'sandbox', amount: '50000.01' }, 10021, 'Cannot exceed the maximum recharge amount'],
    ['no channel', { amount: '1000' }, 10022, 'Please choose a payment channel'],
    ['unknown channel', { payChannelName: 'nope', amount: '1000' }, 10022, 'Please choose a payment channel'],
    ['disabled channel', { payChannelName: 'offline', amount: '1000' }, 10022, 'Please choose a payment channel'],
    ['channel without an adapter', { payChannelName: 'acme', amount: '1000' }, 10022, 'Please choose a payment channel'],
  ];
  for (const [name, form, code, message] of refusals) {
    it(`refuses ${name} and changes nothing`, async () => {
      const before = await snapshotDatabase(ctx.db);
      const answer = await ctx.api.post('/app/user/cashRecharge/recharge', form, { token: user.token });
      expect(answer.code).toBe(code);
      expect(answer.message).toBe(message);
      if (code === 400) expect(answer.result).toMatchObject({ field: 'amount' });
      expect(await snapshotDatabase(ctx.db)).toEqual(before);
    });
  }

  it('refuses without a login and changes nothing', async () => {
    const before = await snapshotDatabase(ctx.db);
    const answer = await ctx.api.post('/app/user/cashRecharge/recharge', { payChannelName: 'sandbox', amount: '1000' });
    expect(answer.code).toBe(401);
    expect(await snapshotDatabase(ctx.db)).toEqual(before);
  });

  it('refuses while the operator has closed recharge, and works again once reopened', async () => {
    const set = await ctx.api.post('/admin/wallet/config', { currency: 'CASH', field: 'openRecharge', value: 'false' }, asOperator);
    expect(set.code).toBe(200);
    const before = await snapshotDatabase(ctx.db);
    const answer = await createOrder(ctx, user, '1000');
    expect(answer.code).toBe(10019);
    expect(answer.message).toBe('Recharge is closed at the moment');
    expect(await snapshotDatabase(ctx.db)).toEqual(before);
    await ctx.api.post('/admin/wallet/config', { currency: 'CASH', field: 'openRecharge', value: 'true' }, asOperator);
    expect((await createOrder(ctx, user, '1000')).code).toBe(200);
  });

  it('the same Idempotency-Key and body creates one order; a different body with that key is refused with 409', async () => {
    const someone = await registerUser(ctx);
    const key = { 'Idempotency-Key': 'recharge-retry-1' };
    const first = await createOrder(ctx, someone, '3000', key);
    const again = await createOrder(ctx, someone, '3000', key);
    expect(first.code).toBe(200);
    expect(again.result).toEqual(first.result);
    expect(await ordersOf(someone.id)).toEqual([{ order_no: first.result.orderNo, amount: '300000', status: 'pending' }]);

    const before = await snapshotDatabase(ctx.db);
    const other = await createOrder(ctx, someone, '4000', key);
    expect(other.code).toBe(409);
    expect(await snapshotDatabase(ctx.db)).toEqual(before);
    expect(await ordersOf(someone.id)).toHaveLength(1);
  });

  it('an Idempotency-Key belongs to its user: another user with the same key gets their own order', async () => {
    const a = await registerUser(ctx);
    const b = await registerUser(ctx);
    const key = { 'Idempotency-Key': 'shared-key' };
    const fromA = await createOrder(ctx, a, '1000', key);
    const fromB = await createOrder(ctx, b, '1000', key);
    expect(fromB.result.orderNo).not.toBe(fromA.result.orderNo);
    expect(await ordersOf(b.id)).toHaveLength(1);
  });

  it('a refused request is an answer too: retried with its key it is refused the same way, creating nothing', async () => {
    const someone = await registerUser(ctx);
    const key = { 'Idempotency-Key': 'too-small-1' };
    expect((await createOrder(ctx, someone, '10', key)).code).toBe(10020);
    expect((await createOrder(ctx, someone, '10', key)).code).toBe(10020);
    expect(await ordersOf(someone.id)).toEqual([]);
  });

  it('only the sandbox channel is seeded, and it is play money', async () => {
    const [sandbox] = await ctx.db.select().from(payChannels).where(eq(payChannels.payChannelName, 'sandbox'));
    expect(sandbox).toMatchObject({ gateway: 'sandbox', enabled: true, currency: 'CASH' });
    const order: RechargeOrder = (await createOrder(ctx, user, '1000')).result;
    expect(order.demo).toBe(true);
  });
});

describe('deposit limits at crediting time', () => {
  it('a payment that would pass a limit lowered since its order is recorded over_limit and credits nothing', async () => {
    const someone = await registerUser(ctx);
    const first = (await createOrder(ctx, someone, '1000')).result;
    const second = (await createOrder(ctx, someone, '1000')).result;
    expect((await ctx.api.post('/app/protection/limits', { day: '1000' }, { token: someone.token })).code).toBe(200);
    expect((await postCallback(ctx, callbackBody(first.orderNo, '1000.00'))).result?.status).toBe('paid');
    expect((await postCallback(ctx, callbackBody(second.orderNo, '1000.00'))).result?.status).toBe('over_limit');
    // A replay answers the settled status and credits nothing either.
    expect((await postCallback(ctx, callbackBody(second.orderNo, '1000.00'))).result?.status).toBe('over_limit');
    expect(await balanceOf(ctx, someone.id, 'CASH')).toBe(100_000n);
    expect((await ordersOf(someone.id)).map((o) => o.status)).toEqual(['paid', 'over_limit']);
    expect((await checkLedger(ctx.db)).ok).toBe(true);
  });

  it('a refusal replayed under its Idempotency-Key says the same message, remaining amount included', async () => {
    const someone = await registerUser(ctx);
    expect((await ctx.api.post('/app/protection/limits', { day: '1500' }, { token: someone.token })).code).toBe(200);
    const key = { 'Idempotency-Key': 'over-limit-1' };
    expect((await createOrder(ctx, someone, '1000')).code).toBe(200);
    const first = await createOrder(ctx, someone, '1000', key);
    expect(first).toMatchObject({ code: 13004, message: expect.stringContaining('500.00') });
    expect(await createOrder(ctx, someone, '1000', key)).toMatchObject({ code: first.code, message: first.message });
  });
});
