import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, fundUser, registerUser, type TestContext, type TestUser } from '../../testing';
import { powerPackage } from '../../testing/earning';
import { powerIncomeStep } from '../power/steps';
import { runDailyEarnings } from './job';
import type { DailyStep } from './step';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.services.config.set('PLATFORM_TIME_ZONE', 'UTC');
});
afterAll(() => ctx.close());

/** Whether `work` settles within `ms` (it keeps running either way). */
async function within(work: Promise<unknown>, ms: number): Promise<'done' | 'waiting'> {
  let timer: NodeJS.Timeout | undefined;
  const waiting = new Promise<'waiting'>((resolve) => {
    timer = setTimeout(() => resolve('waiting'), ms);
  });
  const outcome = await Promise.race([work.then(() => 'done' as const), waiting]);
  clearTimeout(timer);
  return outcome;
}

describe('the daily job pays in chunks on PostgreSQL', () => {
  it("a holder's purchase waits for at most the chunk that pays the holder, not for the whole step", async () => {
    ctx.clock.set('2026-07-01T09:00:00Z');
    await runDailyEarnings(ctx.db, ctx.clock, ctx.services.config, []);
    const sessionId = await powerPackage(ctx, 'Locks');
    const buy = (buyer: TestUser) => ctx.api.post('/app/userPower/buyPower', { sessionId: String(sessionId) }, { token: buyer.token });
    const buyers: TestUser[] = [];
    for (let i = 0; i < 6; i++) {
      const buyer = await registerUser(ctx);
      await fundUser(ctx, buyer.id, 'CASH', 2_000n);
      expect((await buy(buyer)).code).toBe(200); // holding ids in buyer order: chunks of 2 are buyers 0-1, 2-3, 4-5
      buyers.push(buyer);
    }
    ctx.clock.set('2026-07-02T00:00:05Z');
    const seen: Record<string, 'done' | 'waiting'> = {};
    let blocked: Promise<{ code: number }> | undefined;
    let calls = 0;
    // The real income step; while its second chunk's transaction is open, two holders buy.
    const observed: DailyStep = {
      name: powerIncomeStep.name,
      async run(tx, day, page) {
        const paid = await powerIncomeStep.run(tx, day, page);
        if (++calls === 2) {
          // Paid in the first chunk, which has committed: not blocked.
          seen.firstChunkHolder = await within(buy(buyers[0] as TestUser), 10_000);
          // Paid in this chunk, still open: waits until it commits (the lock is real).
          blocked = buy(buyers[2] as TestUser);
          seen.thisChunkHolder = await within(blocked, 1_000);
        }
        return paid;
      },
    };
    const results = await runDailyEarnings(ctx.db, ctx.clock, ctx.services.config, [observed], { chunkSize: 2 });
    expect(results.filter((r) => r.ran).map((r) => r.rows)).toEqual([6]);
    expect(seen).toEqual({ firstChunkHolder: 'done', thisChunkHolder: 'waiting' });
    expect((await blocked)?.code).toBe(200);
  });
});
