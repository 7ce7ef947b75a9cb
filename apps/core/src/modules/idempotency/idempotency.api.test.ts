import { AppError } from '@prism/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, registerUser, type TestContext } from '../../testing';
import { gate, movements, reward } from '../../testing/idempotency';
import { checkLedger } from '../../testing/ledger';
import { balancesOf } from '../ledger/ledger';
import { runIdempotent, STALE_CLAIM_MS } from './run';

/** The idempotency claim is fenced: a slow first attempt whose claim was taken over moves no money. PGlite and PostgreSQL. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('a claim taken over after STALE_CLAIM_MS', () => {
  it('a first attempt that resumes after the takeover moves no money and answers as the taker did', async () => {
    const user = await registerUser(ctx);
    const scope = { userId: user.id, key: 'slow-1', route: 'test', input: { amount: '100' } };
    const work = reward(ctx, user.id, 'slow-1');
    const slow = gate();
    const first = runIdempotent(ctx.db, ctx.clock, scope, { check: slow.wait, work });
    await slow.reached;

    ctx.clock.advance(STALE_CLAIM_MS + 1_000);
    const second = await runIdempotent(ctx.db, ctx.clock, scope, { work });
    expect(second.transferId).toBeTypeOf('number');

    slow.open();
    expect(await first).toEqual(second);
    expect(await runIdempotent(ctx.db, ctx.clock, scope, { work })).toEqual(second);
    expect(await movements(ctx, 'slow-1')).toBe(1);
    expect((await balancesOf(ctx.db, user.id)).CASH).toBe(10_000n);
    expect((await checkLedger(ctx.db)).ok).toBe(true);
  });

  it('a resumed first attempt whose check then refuses keeps the answer the taker recorded, and so does a crash', async () => {
    for (const failure of [new AppError('ASSET_PASSWORD_WRONG'), new Error('the process lost its database connection')]) {
      const user = await registerUser(ctx);
      const scope = { userId: user.id, key: `slow-2-${failure.name}`, route: 'test', input: {} };
      const work = reward(ctx, user.id, scope.key);
      const slow = gate();
      const check = async () => {
        await slow.wait();
        throw failure;
      };
      const first = runIdempotent(ctx.db, ctx.clock, scope, { check, work }).catch((error: unknown) => error);
      await slow.reached;
      ctx.clock.advance(STALE_CLAIM_MS + 1_000);
      const second = await runIdempotent(ctx.db, ctx.clock, scope, { work });
      slow.open();
      // A refusal answers as the taker did; an unexpected failure surfaces, but releases nothing of the taker's.
      expect(await first).toEqual(failure instanceof AppError ? second : failure);
      expect(await runIdempotent(ctx.db, ctx.clock, scope, { work })).toEqual(second);
      expect(await movements(ctx, scope.key)).toBe(1);
    }
  });

  it('while the taker still runs, the fenced first attempt answers REQUEST_IN_PROGRESS and moves nothing', async () => {
    const user = await registerUser(ctx);
    const scope = { userId: user.id, key: 'slow-3', route: 'test', input: {} };
    const work = reward(ctx, user.id, 'slow-3');
    const firstGate = gate();
    const first = runIdempotent(ctx.db, ctx.clock, scope, { check: firstGate.wait, work }).catch((error: unknown) => error);
    await firstGate.reached;
    ctx.clock.advance(STALE_CLAIM_MS + 1_000);
    const takerGate = gate();
    const taker = runIdempotent(ctx.db, ctx.clock, scope, { check: takerGate.wait, work });
    await takerGate.reached;

    firstGate.open();
    expect(((await first) as AppError).key).toBe('REQUEST_IN_PROGRESS');
    expect(await movements(ctx, 'slow-3')).toBe(0);
    takerGate.open();
    expect((await taker).transferId).toBeTypeOf('number');
    expect(await movements(ctx, 'slow-3')).toBe(1);
  });
});
