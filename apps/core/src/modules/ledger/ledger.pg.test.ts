import type { AppError } from '@prism/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, registerUser, type TestContext, type TestUser } from '../../testing';
import { checkLedger } from '../../testing/ledger';
import { balancesOf, systemBalance, transfer } from './ledger';

/** Concurrency that only real PostgreSQL can show (PGlite runs one transaction at a time). */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const now = () => ctx.clock.now();

describe('ledger under concurrency', () => {
  it('50 concurrent debits of a whole balance: exactly one succeeds', async () => {
    const user = await registerUser(ctx);
    await ctx.db.transaction((tx) =>
      transfer(
        tx,
        { asset: 'CASH', from: { system: 'deposits:test' }, to: { userId: user.id }, amount: 100_000n, type: 'recharge', reference: 'r' },
        now(),
      ),
    );
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        ctx.db.transaction((tx) =>
          transfer(
            tx,
            {
              asset: 'CASH',
              from: { userId: user.id },
              to: { system: 'withdrawals_in_flight' },
              amount: 100_000n,
              type: 'withdraw',
              reference: `w:${i}`,
            },
            now(),
          ),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const failures = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(failures.every((f) => (f.reason as AppError).key === 'INSUFFICIENT_BALANCE')).toBe(true);
    expect((await balancesOf(ctx.db, user.id)).CASH).toBe(0n);
    expect((await checkLedger(ctx.db)).ok).toBe(true);
  });

  it('1,000 concurrent mixed transfers between 20 users conserve the total and pass the check', async () => {
    const users: TestUser[] = [];
    for (let i = 0; i < 20; i++) users.push(await registerUser(ctx));
    for (const user of users) {
      await ctx.db.transaction((tx) =>
        transfer(
          tx,
          {
            asset: 'CHIP',
            from: { system: 'rewards' },
            to: { userId: user.id },
            amount: 10_000n,
            type: 'reward',
            reference: `seed:${user.id}`,
          },
          now(),
        ),
      );
    }
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed;
    };
    const jobs = Array.from({ length: 1000 }, (_, i) => {
      const from = users[random() % 20] as TestUser;
      let to = users[random() % 20] as TestUser;
      if (to.id === from.id) to = users[(users.indexOf(from) + 1) % 20] as TestUser;
      const amount = BigInt(1 + (random() % 1_000));
      // Users pay each other both ways at once: the id-ordered locking must avoid deadlocks.
      return ctx.db.transaction((tx) =>
        transfer(
          tx,
          { asset: 'CHIP', from: { userId: from.id }, to: { userId: to.id }, amount, type: 'gift', reference: `mix:${i}` },
          now(),
        ),
      );
    });
    const results = await Promise.allSettled(jobs);
    const unexpected = results.filter(
      (r): r is PromiseRejectedResult => r.status === 'rejected' && (r.reason as AppError).key !== 'INSUFFICIENT_BALANCE',
    );
    expect(unexpected.map((r) => String(r.reason))).toEqual([]);
    // A random walk drains some users (insufficient funds is the right answer then); about 600 of 1,000 go through.
    expect(results.filter((r) => r.status === 'fulfilled').length).toBeGreaterThan(400);
    const total = (await Promise.all(users.map(async (u) => (await balancesOf(ctx.db, u.id)).CHIP))).reduce((a, b) => a + b, 0n);
    expect(total).toBe(200_000n);
    const report = await checkLedger(ctx.db);
    expect(report).toMatchObject({ ok: true, mismatches: [], negativeUsers: [] });
  });

  it('20 concurrent transfers with one idempotency key: one moves the money, the rest answer "already done", nothing partial', async () => {
    const user = await registerUser(ctx);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        ctx.db.transaction((tx) =>
          transfer(
            tx,
            {
              asset: 'USDT',
              from: { system: 'deposits:race' },
              to: { userId: user.id },
              amount: 500n,
              type: 'recharge',
              reference: `race:${user.id}`,
              idempotencyKey: `race:${user.id}`,
            },
            now(),
          ),
        ),
      ),
    );
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(rejected.map((r) => String(r.reason))).toEqual([]);
    const ids = results.map((r) => (r.status === 'fulfilled' ? r.value : undefined));
    expect(ids.filter((id) => id !== undefined)).toHaveLength(1);
    expect((await balancesOf(ctx.db, user.id)).USDT).toBe(500n);
    expect(await systemBalance(ctx.db, 'deposits:race', 'USDT')).toBe(-500n);
    expect((await checkLedger(ctx.db)).ok).toBe(true);
  });
});
