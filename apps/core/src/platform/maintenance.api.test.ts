import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLEANUPS } from '../cleanups';
import { idempotencyKeys } from '../modules/idempotency/schema';
import { IDEMPOTENCY_KEY_TTL_MS } from '../modules/idempotency/store';
import { createTestContext, type TestContext } from '../testing';
import { runMaintenance } from './maintenance';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('maintenance', () => {
  it('removes idempotency keys past their 48 h and keeps younger ones', async () => {
    const now = ctx.clock.now().getTime();
    await ctx.db.insert(idempotencyKeys).values([
      { userId: 1, key: 'old', route: 'r', requestHash: 'h', createdAt: new Date(now - IDEMPOTENCY_KEY_TTL_MS - 1000) },
      { userId: 1, key: 'young', route: 'r', requestHash: 'h', createdAt: new Date(now - 25 * 3_600_000) },
    ]);
    expect((await runMaintenance(ctx.db, ctx.clock, CLEANUPS)).keys).toBe(1);
    expect((await ctx.db.select().from(idempotencyKeys)).map((k) => k.key)).toEqual(['young']);
  });
});
