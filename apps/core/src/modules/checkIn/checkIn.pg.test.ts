import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, registerUser, type TestContext } from '../../testing';
import { checkLedger } from '../../testing/ledger';
import { balancesOf } from '../ledger/ledger';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('daily sign-in on PostgreSQL', () => {
  it('20 concurrent sign-ins of one user pay once', async () => {
    ctx.clock.set('2026-07-01T10:00:00Z');
    const user = await registerUser(ctx);
    const answers = await Promise.all(Array.from({ length: 20 }, () => ctx.api.post('/app/signIn/signIn', {}, { token: user.token })));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.code !== 200).every((a) => a.code === 12001)).toBe(true);
    expect((await balancesOf(ctx.db, user.id)).CASH).toBe(10n);
    expect((await checkLedger(ctx.db)).ok).toBe(true);
  });
});
