import type { GiftCodeView } from '@prism/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, registerUser, TEST_OPS_TOKEN, type TestContext } from '../../testing';
import { checkLedger } from '../../testing/ledger';
import { balancesOf, systemBalance } from '../ledger/ledger';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMIT_GIFT_CODE_PER_MINUTE: '1000' } });
});
afterAll(() => ctx.close());

const asOperator = { headers: { Authorization: `Ops ${TEST_OPS_TOKEN}` } };
const newCode = async (totalUses: string) =>
  (await ctx.api.post<GiftCodeView>('/admin/giftCodes', { asset: 'CASH', amount: '2', totalUses, days: '7' }, asOperator)).result.code;

describe('gift codes on PostgreSQL', () => {
  it('20 users redeeming a one-use code at once: exactly one is paid', async () => {
    const code = await newCode('1');
    const users = await Promise.all(Array.from({ length: 20 }, () => registerUser(ctx)));
    const answers = await Promise.all(users.map((u) => ctx.api.post('/app/giftCode/redeem', { code }, { token: u.token })));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.code === 12004)).toHaveLength(19);
    const paid = await Promise.all(users.map(async (u) => (await balancesOf(ctx.db, u.id)).CASH));
    expect(paid.reduce((a, b) => a + b, 0n)).toBe(200n);
  });

  it('one user redeeming a per-user-once code 20 times at once: paid once', async () => {
    const code = await newCode('100');
    const user = await registerUser(ctx);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => ctx.api.post('/app/giftCode/redeem', { code }, { token: user.token })),
    );
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.code !== 200).every((a) => a.code === 12005)).toBe(true);
    expect((await balancesOf(ctx.db, user.id)).CASH).toBe(200n);
    expect(await systemBalance(ctx.db, 'rewards', 'CASH')).toBe(-400n);
    expect((await checkLedger(ctx.db)).ok).toBe(true);
  });
});
