import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, fundUser, registerUser, type TestContext } from '../../testing';
import { checkLedger } from '../../testing/ledger';
import { transferBatch } from './ledger';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('ledger accounts created on first use (PostgreSQL)', () => {
  it('two batches that create the same new accounts in opposite orders do not deadlock', async () => {
    const [a, b] = [await registerUser(ctx), await registerUser(ctx)];
    await fundUser(ctx, a.id, 'CASH', 1_000_000n);
    await fundUser(ctx, b.id, 'CHIP', 1_000_000n);
    const now = ctx.clock.now();
    // Each pair uses a system account that does not exist yet, as the first exchanges after a start do.
    for (let pair = 0; pair < 30; pair++) {
      const system = { system: `deposits:race${pair}` } as const;
      const reference = `race:${pair}`;
      const results = await Promise.allSettled([
        ctx.db.transaction((tx) =>
          transferBatch(
            tx,
            [
              { asset: 'CASH', from: { userId: a.id }, to: system, amount: 100n, type: 'exchange', reference },
              { asset: 'CHIP', from: system, to: { userId: a.id }, amount: 100n, type: 'exchange', reference },
            ],
            now,
          ),
        ),
        ctx.db.transaction((tx) =>
          transferBatch(
            tx,
            [
              { asset: 'CHIP', from: { userId: b.id }, to: system, amount: 100n, type: 'exchange', reference },
              { asset: 'CASH', from: system, to: { userId: b.id }, amount: 100n, type: 'exchange', reference },
            ],
            now,
          ),
        ),
      ]);
      const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(
        failed.map((r) => String(r.reason)),
        `pair ${pair}`,
      ).toEqual([]);
    }
    expect((await checkLedger(ctx.db)).ok).toBe(true);
  });
});
