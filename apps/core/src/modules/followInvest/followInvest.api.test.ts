import type { AdvisorOrder, AdvisorProduct, AdvisorQuoteView, Paged, TeamInfo } from '@prism/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAILY_STEPS } from '../../dailySteps';
import { queryRows } from '../../db/client';
import { createTestContext, fundUser, moneySnapshot, registerUser, TEST_OPS_TOKEN, type TestContext, type TestUser } from '../../testing';
import { checkLedger } from '../../testing/ledger';
import { runDailyEarnings } from '../earning/job';
import { balancesOf, systemBalance } from '../ledger/ledger';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { TOKEN_TTL_HOURS: '8760' } });
  await ctx.services.config.set('PLATFORM_TIME_ZONE', 'UTC');
});
afterAll(() => ctx.close());

const asOperator = { headers: { Authorization: `Ops ${TEST_OPS_TOKEN}` } };
const products = (user: TestUser) => ctx.api.get<AdvisorProduct[]>('/app/followInvest/productList', {}, { token: user.token });
const quote = (user: TestUser, form: Record<string, string>) =>
  ctx.api.get<AdvisorQuoteView>('/app/followInvest/quote', form, { token: user.token });
const buy = (user: TestUser, form: Record<string, string>, headers: Record<string, string> = {}) =>
  ctx.api.post<AdvisorOrder>('/app/followInvest/buy', form, { token: user.token, headers });
const orders = (user: TestUser) => ctx.api.get<Paged<AdvisorOrder>>('/app/followInvest/orderPage', {}, { token: user.token });
const runDays = () => runDailyEarnings(ctx.db, ctx.clock, ctx.services.config, DAILY_STEPS);
const orderCount = async () => Number((await queryRows<{ n: string }>(ctx.db, sql`select count(*)::text as n from advisor_orders`))[0]?.n);

describe('advisor follow-invest', () => {
  it('quote before the order -> order -> a day of earnings on the injected clock -> maturity less the 10% fee', async () => {
    ctx.clock.set('2026-10-05T10:00:00Z');
    const parent = await registerUser(ctx);
    const user = await registerUser(ctx, { invitationCode: parent.invitation });
    await fundUser(ctx, user.id, 'CASH', 1000_00n);
    const listed = await products(user);
    expect(listed.result.length).toBeGreaterThanOrEqual(3);
    const product = listed.result.find((p) => p.days === 7) as AdvisorProduct;
    expect(product).toMatchObject({
      price: '100.00',
      dailyRate: '0.80%',
      dailyEarnings: '0.80',
      totalReturn: '5.60',
      totalReturnRate: '5.60%',
      managementFeeRate: '10.00%',
      // Net of the 10 % fee the product loses (docs/decisions.md, "What a player sees before money moves"): 5.60 % earned - 10.00 % fee.
      netReturn: '-4.40',
      netReturnRate: '-4.40%',
    });

    const shown = await quote(user, { productId: String(product.id), amount: '200' });
    expect(shown.result).toMatchObject({
      stakingAmount: '200.00',
      dailyEarnings: '1.60',
      totalReturn: '11.20',
      managementFee: '20.00',
      maturityAmount: '180.00',
      startDay: '2026-10-05',
      deadline: '2026-10-12T00:00:00.000Z',
    });

    const key = { 'Idempotency-Key': 'advisor-buy-1' };
    const bought = await buy(user, { productId: String(product.id), amount: '200' }, key);
    expect(bought.code, bought.message).toBe(200);
    expect(bought.message).toBe('Purchase Successful');
    expect(bought.result).toMatchObject({
      userId: user.id,
      blogger: product.advisorName,
      stakingAmount: '200.00',
      giftAmount: '0.00',
      incomeAmount: '0.00',
      days: 7,
      status: 'holding',
    });
    expect((await buy(user, { productId: String(product.id), amount: '200' }, key)).result.id).toBe(bought.result.id);
    expect((await balancesOf(ctx.db, user.id)).CASH).toBe(800_00n);
    expect(await systemBalance(ctx.db, 'advisor_stakes', 'CASH')).toBe(200_00n);
    // Team stats count the stake as the member's staking amount.
    const team = await ctx.api.get<TeamInfo>('/app/user/getUserTeamInfo', {}, { token: parent.token });
    expect(team.result.directStakingAmount).toBe('200.00');

    ctx.clock.set('2026-10-06T00:00:01Z'); // within 24 hours of the order
    await runDays();
    expect((await balancesOf(ctx.db, user.id)).CASH).toBe(801_60n);
    expect((await orders(user)).result.content[0]).toMatchObject({ incomeAmount: '1.60', status: 'holding' });

    ctx.clock.set('2026-10-12T00:30:00Z'); // down for five days: caught up, then the order matures
    await runDays();
    await runDays();
    const [order] = (await orders(user)).result.content;
    expect(order).toMatchObject({ incomeAmount: '11.20', status: 'matured', managementFee: '20.00', maturityAmount: '180.00' });
    expect((await balancesOf(ctx.db, user.id)).CASH).toBe(800_00n + 11_20n + 180_00n);
    expect(await systemBalance(ctx.db, 'advisor_stakes', 'CASH')).toBe(0n);
    expect(await systemBalance(ctx.db, 'fees', 'CASH')).toBeGreaterThanOrEqual(20_00n);
    expect((await checkLedger(ctx.db)).ok).toBe(true);
  });

  it('pays the gift at the order and shows it on the order', async () => {
    ctx.clock.set('2026-10-20T10:00:00Z');
    const user = await registerUser(ctx);
    await fundUser(ctx, user.id, 'CASH', 1000_00n);
    const product = (await products(user)).result.find((p) => p.giftRate !== '0.00%') as AdvisorProduct;
    const bought = await buy(user, { productId: String(product.id), amount: product.price });
    expect(bought.code, bought.message).toBe(200);
    expect(BigInt(bought.result.giftAmount.replace('.', ''))).toBeGreaterThan(0n);
  });

  it('bad input, unknown or expired products, too little money: a clear error and nothing changes', async () => {
    ctx.clock.set('2026-11-01T10:00:00Z');
    const user = await registerUser(ctx);
    await fundUser(ctx, user.id, 'CASH', 150_00n);
    const product = (await products(user)).result.find((p) => p.days === 7) as AdvisorProduct;
    const id = String(product.id);
    const before = await moneySnapshot(ctx);
    const count = await orderCount();
    const cases: [Record<string, string>, number, string?][] = [
      [{ productId: id, amount: '0' }, 400, 'The amount must be greater than zero'],
      [{ productId: id, amount: '-5' }, 400],
      [{ productId: id, amount: 'abc' }, 400, 'Enter an amount with at most 2 decimals'],
      [{ productId: id, amount: '100.001' }, 400],
      [{ productId: id }, 400, 'Please enter the amount'],
      [{ productId: 'x', amount: '100' }, 400],
      [{ productId: '999999', amount: '100' }, 17001, 'This product does not exist'],
      [{ productId: id, amount: '99.99' }, 17003],
      [{ productId: id, amount: '150.01' }, 10013, 'Insufficient balance'],
    ];
    for (const [form, code, message] of cases) {
      const answer = await buy(user, form);
      expect(answer.code, JSON.stringify(form)).toBe(code);
      if (message) expect(answer.message).toBe(message);
    }
    expect(await moneySnapshot(ctx)).toBe(before);
    expect(await orderCount()).toBe(count);
    // The operator ends the product: ordering it is refused, and it leaves the list.
    await fundUser(ctx, user.id, 'CASH', 1000_00n);
    const snapshot = await moneySnapshot(ctx);
    const ended = await ctx.api.post('/admin/followInvest/products', { id, availableUntil: '2026-11-01T09:00:00Z' }, asOperator);
    expect(ended.code, ended.message).toBe(200);
    expect(await buy(user, { productId: id, amount: '100' })).toMatchObject({
      code: 17002,
      message: 'This product is no longer available',
    });
    expect((await products(user)).result.some((p) => p.id === product.id)).toBe(false);
    expect(await moneySnapshot(ctx)).toBe(snapshot);
    expect(await orderCount()).toBe(count);
    await ctx.api.post('/admin/followInvest/products', { id, availableUntil: 'none' }, asOperator);
  });

  it('the operator adds and edits products; a running order keeps its terms', async () => {
    ctx.clock.set('2026-11-10T10:00:00Z');
    const added = await ctx.api.post<AdvisorProduct>(
      '/admin/followInvest/products',
      { advisorName: 'Test Advisor', price: '10', days: '2', dailyRate: '1.00', giftRate: '0' },
      asOperator,
    );
    expect(added.code, added.message).toBe(200);
    expect(added.result).toMatchObject({ advisorName: 'Test Advisor', price: '10.00', dailyRate: '1.00%', totalReturnRate: '2.00%' });
    // 2 % earned less the 10 % fee: the operator's answer warns.
    expect(added.result).toMatchObject({
      netReturnRate: '-8.00%',
      warnings: [{ kind: 'negativeNetReturn', product: 'advisor', id: added.result.id, name: 'Test Advisor', netReturnBp: -800 }],
    });
    const user = await registerUser(ctx);
    await fundUser(ctx, user.id, 'CASH', 100_00n);
    expect((await buy(user, { productId: String(added.result.id), amount: '100' })).code).toBe(200);
    const raised = await ctx.api.post<{ warnings: unknown[] }>(
      '/admin/followInvest/products',
      { id: String(added.result.id), dailyRate: '5' },
      asOperator,
    );
    expect(raised.code).toBe(200);
    expect(raised.result.warnings).toEqual([]);
    expect((await ctx.api.post('/admin/followInvest/products', { id: String(added.result.id), dailyRate: 'lots' }, asOperator)).code).toBe(
      400,
    );
    ctx.clock.set('2026-11-11T00:00:01Z');
    await runDays();
    expect((await orders(user)).result.content[0]?.incomeAmount).toBe('1.00');
    expect((await ctx.api.get<unknown[]>('/admin/followInvest/products', {}, asOperator)).result.length).toBeGreaterThanOrEqual(4);
  });
});
