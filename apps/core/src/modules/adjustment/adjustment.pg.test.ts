import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, operatorActor, registerUser, type TestContext } from '../../testing';
import { checkLedger } from '../../testing/ledger';
import { balancesOf } from '../ledger/ledger';
import { ledgerTransfers } from '../ledger/schema';
import { approveAdjustment, rejectAdjustment, requestAdjustment } from './adjustment';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('adjustments under concurrency (PostgreSQL)', () => {
  it('ten operators approving (and rejecting) one request at once: it is decided once and paid once', async () => {
    const user = await registerUser(ctx);
    const deps = { db: ctx.db, clock: ctx.clock };
    const request = await requestAdjustment(
      deps,
      { userId: user.id, coin: 'CASH', direction: 'credit', amount: 7_000n, reason: 'Refund of a double charge' },
      operatorActor(1, 'ann'),
    );
    const decisions = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        i % 3 === 2
          ? rejectAdjustment(deps, request.id, 'no', operatorActor(10 + i, `op${i}`))
          : approveAdjustment(deps, request.id, operatorActor(10 + i, `op${i}`)),
      ),
    );
    expect(decisions.filter((d) => d.status === 'fulfilled')).toHaveLength(1);
    const refused = decisions.filter((d): d is PromiseRejectedResult => d.status === 'rejected');
    expect(refused.map((d) => (d.reason as { key?: string }).key)).toEqual(Array(9).fill('ALREADY_DECIDED'));
    const won = decisions.find((d) => d.status === 'fulfilled') as PromiseFulfilledResult<{ status: string }>;
    const moved = await ctx.db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.reference, `adjustment:${request.id}`));
    expect(moved).toHaveLength(won.value.status === 'approved' ? 1 : 0);
    expect((await balancesOf(ctx.db, user.id)).CASH).toBe(won.value.status === 'approved' ? 7_000n : 0n);
    expect((await checkLedger(ctx.db)).ok).toBe(true);
  });
});
