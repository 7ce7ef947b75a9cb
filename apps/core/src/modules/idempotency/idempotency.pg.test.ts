import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, registerUser, type TestContext } from '../../testing';
import { gate, movements, reward } from '../../testing/idempotency';
import { checkLedger } from '../../testing/ledger';
import { balancesOf } from '../ledger/ledger';
import { runIdempotent, STALE_CLAIM_MS } from './run';

/** The claim fence when the slow attempt is already inside its money transaction: only PostgreSQL runs two at once. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('a claim taken over while its first attempt is inside the money transaction', () => {
  it('the taker waits for that transaction and answers its result; money moves once', async () => {
    const user = await registerUser(ctx);
    const scope = { userId: user.id, key: 'slow-in-tx', route: 'test', input: {} };
    const move = reward(ctx, user.id, 'slow-in-tx');
    const slow = gate();
    const first = runIdempotent(ctx.db, ctx.clock, scope, async (tx) => {
      const moved = await move(tx);
      await slow.wait();
      return moved;
    });
    await slow.reached;

    ctx.clock.advance(STALE_CLAIM_MS + 1_000);
    const takers = Array.from({ length: 5 }, () => runIdempotent(ctx.db, ctx.clock, scope, move));
    await new Promise((resolve) => setTimeout(resolve, 200));
    slow.open();
    const answer = await first;
    expect(await Promise.all(takers)).toEqual(Array.from({ length: 5 }, () => answer));
    expect(await movements(ctx, 'slow-in-tx')).toBe(1);
    expect((await balancesOf(ctx.db, user.id)).CASH).toBe(10_000n);
    expect((await checkLedger(ctx.db)).ok).toBe(true);
  });

  it('20 concurrent takers of one stale claim: money moves once, every answer is that movement or REQUEST_IN_PROGRESS', async () => {
    const user = await registerUser(ctx);
    const scope = { userId: user.id, key: 'stale-many', route: 'test', input: {} };
    const move = reward(ctx, user.id, 'stale-many');
    const slow = gate();
    const first = runIdempotent(ctx.db, ctx.clock, scope, { check: slow.wait, work: move }).catch((error: unknown) => error);
    await slow.reached;
    ctx.clock.advance(STALE_CLAIM_MS + 1_000);
    const answers = await Promise.allSettled(Array.from({ length: 20 }, () => runIdempotent(ctx.db, ctx.clock, scope, move)));
    slow.open();
    await first;
    const settled = await runIdempotent(ctx.db, ctx.clock, scope, move);
    for (const answer of answers) {
      if (answer.status === 'fulfilled') expect(answer.value).toEqual(settled);
      else expect((answer.reason as { key?: string }).key).toBe('REQUEST_IN_PROGRESS');
    }
    expect(await movements(ctx, 'stale-many')).toBe(1);
    expect((await checkLedger(ctx.db)).ok).toBe(true);
  });
});
