import type { AdvisorProduct, DepositProduct } from '@prism/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAILY_STEPS } from '../../dailySteps';
import { createTestContext, fundUser, registerUser, type TestContext } from '../../testing';
import { runDailyEarnings } from '../earning/job';
import { checkFixedDeposits } from '../fixedDeposit/check';
import { checkFollowInvestOrders } from '../followInvest/check';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { TOKEN_TTL_HOURS: '8760' } });
  await ctx.services.config.set('PLATFORM_TIME_ZONE', 'UTC');
});
afterAll(() => ctx.close());

describe('the holding products’ invariant checks', () => {
  it('find nothing wrong after orders, deposits, earnings and maturities, and name each broken total', async () => {
    ctx.clock.set('2026-10-05T10:00:00Z');
    const user = await registerUser(ctx);
    await fundUser(ctx, user.id, 'CASH', 5000_00n);
    const advisor = (await ctx.api.get<AdvisorProduct[]>('/app/followInvest/productList', {}, { token: user.token })).result[0];
    const term = (await ctx.api.get<{ products: DepositProduct[] }>('/app/fixedDeposit/config/get', {}, { token: user.token })).result
      .products[0];
    const form = (productId: number | undefined, amount: string) => ({ productId: String(productId), amount });
    expect((await ctx.api.post('/app/followInvest/buy', form(advisor?.id, '500'), { token: user.token })).code).toBe(200);
    expect((await ctx.api.post('/app/fixedDeposit/deposit', form(term?.id, '500'), { token: user.token })).code).toBe(200);
    for (const day of ['2026-10-07', '2026-10-20', '2026-11-20']) {
      ctx.clock.set(`${day}T00:00:01Z`);
      await runDailyEarnings(ctx.db, ctx.clock, ctx.services.config, DAILY_STEPS);
    }
    expect(await checkFollowInvestOrders(ctx.db)).toEqual([]);
    expect(await checkFixedDeposits(ctx.db)).toEqual([]);

    await ctx.db.execute(sql`update advisor_orders set income_amount = income_amount + 1`);
    await ctx.db.execute(sql`update fixed_deposits set interest_paid = interest_paid + 1`);
    expect(await checkFollowInvestOrders(ctx.db)).toEqual([expect.stringMatching(/^advisor order \d+: income [\d]+ but [\d]+ paid$/)]);
    expect(await checkFixedDeposits(ctx.db)).toEqual([expect.stringMatching(/^deposit \d+: interest [\d]+ but [\d]+ paid$/)]);
  });
});
