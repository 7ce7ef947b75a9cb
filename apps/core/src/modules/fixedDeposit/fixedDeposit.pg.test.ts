import type { FixedDeposit } from '@prism/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, fundUser, registerUser, type TestContext } from '../../testing';
import { checkLedger } from '../../testing/ledger';
import { balancesOf } from '../ledger/ledger';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { TOKEN_TTL_HOURS: '8760' } });
});
afterAll(() => ctx.close());

describe('fixed deposit on PostgreSQL', () => {
  it('twelve concurrent transfer-outs of 30.00 from 100.00: exactly three succeed, never more than held', async () => {
    const user = await registerUser(ctx);
    await fundUser(ctx, user.id, 'CASH', 100_00n);
    const productId = (await ctx.services.fixedDeposit.config()).products[0]?.id;
    const opened = await ctx.api.post<FixedDeposit>(
      '/app/fixedDeposit/deposit',
      { productId: String(productId), amount: '100' },
      { token: user.token },
    );
    expect(opened.code, opened.message).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        ctx.api.post('/app/fixedDeposit/transferOut', { id: String(opened.result.id), amount: '30' }, { token: user.token }),
      ),
    );
    expect(answers.filter((a) => a.code === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.code !== 200).every((a) => a.code === 17006)).toBe(true);
    expect((await balancesOf(ctx.db, user.id)).CASH).toBe(90_00n);
    const [held] = (await ctx.services.fixedDeposit.list(user.id, 1, 20)).content;
    expect(held?.principal).toBe('10.00');
    expect((await checkLedger(ctx.db)).ok).toBe(true);
  });
});
