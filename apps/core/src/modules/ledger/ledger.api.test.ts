import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, registerUser, type TestContext } from '../../testing';
import { checkLedger } from './check';
import { balancesOf, systemBalance, transfer, transferBatch } from './ledger';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const now = () => ctx.clock.now();
const fund = (userId: number, amount: bigint, asset: 'CASH' | 'USDT' = 'CASH') =>
  ctx.db.transaction((tx) =>
    transfer(
      tx,
      { asset, from: { system: 'deposits:test' }, to: { userId }, amount, type: 'recharge', reference: `test:${userId}:${amount}` },
      now(),
    ),
  );

describe('transfer', () => {
  it('moves money between accounts and keeps every asset summing to zero', async () => {
    const a = await registerUser(ctx);
    const b = await registerUser(ctx);
    await fund(a.id, 10_000n);
    await ctx.db.transaction((tx) =>
      transfer(
        tx,
        { asset: 'CASH', from: { userId: a.id }, to: { userId: b.id }, amount: 2_500n, type: 'gift', reference: 'gift:1' },
        now(),
      ),
    );
    expect((await balancesOf(ctx.db, a.id)).CASH).toBe(7_500n);
    expect((await balancesOf(ctx.db, b.id)).CASH).toBe(2_500n);
    expect(await systemBalance(ctx.db, 'deposits:test', 'CASH')).toBeLessThanOrEqual(-10_000n);
    expect((await checkLedger(ctx.db)).ok).toBe(true);
  });

  it('refuses to overdraw a user and changes nothing', async () => {
    const a = await registerUser(ctx);
    await fund(a.id, 1_000n);
    const before = await checkLedger(ctx.db);
    await expect(
      ctx.db.transaction((tx) =>
        transfer(
          tx,
          { asset: 'CASH', from: { userId: a.id }, to: { system: 'house' }, amount: 1_001n, type: 'bet', reference: 'bet:x' },
          now(),
        ),
      ),
    ).rejects.toMatchObject({ key: 'INSUFFICIENT_BALANCE' });
    expect((await balancesOf(ctx.db, a.id)).CASH).toBe(1_000n);
    expect((await checkLedger(ctx.db)).transfers).toBe(before.transfers);
  });

  it('the database itself refuses a negative user balance', async () => {
    const a = await registerUser(ctx);
    await fund(a.id, 100n);
    await expect(ctx.db.execute(sql`update ledger_accounts set balance = -1 where user_id = ${a.id} and asset = 'CASH'`)).rejects.toThrow();
  });

  it('writes a movement with an idempotency key once', async () => {
    const a = await registerUser(ctx);
    const move = () =>
      ctx.db.transaction((tx) =>
        transfer(
          tx,
          {
            asset: 'USDT',
            from: { system: 'deposits:chain' },
            to: { userId: a.id },
            amount: 500n,
            type: 'recharge',
            reference: 'dep:1',
            idempotencyKey: `dep:${a.id}`,
          },
          now(),
        ),
      );
    expect(await move()).toBeTypeOf('number');
    expect(await move()).toBeUndefined();
    expect((await balancesOf(ctx.db, a.id)).USDT).toBe(500n);
  });

  it('refuses zero, negative and self transfers', async () => {
    const a = await registerUser(ctx);
    for (const amount of [0n, -5n]) {
      await expect(
        ctx.db.transaction((tx) =>
          transfer(
            tx,
            { asset: 'CASH', from: { system: 'house' }, to: { userId: a.id }, amount, type: 'adjustment', reference: 'x' },
            now(),
          ),
        ),
      ).rejects.toThrow();
    }
    await expect(
      ctx.db.transaction((tx) =>
        transfer(
          tx,
          { asset: 'CASH', from: { userId: a.id }, to: { userId: a.id }, amount: 1n, type: 'adjustment', reference: 'x' },
          now(),
        ),
      ),
    ).rejects.toThrow();
  });
});

describe('transferBatch', () => {
  it('applies many transfers at once, all or nothing', async () => {
    const users = await Promise.all([1, 2, 3].map(() => registerUser(ctx)));
    const payouts = users.map((u, i) => ({
      asset: 'CHIP' as const,
      from: { system: 'house' as const },
      to: { userId: u.id },
      amount: BigInt(100 * (i + 1)),
      type: 'payout' as const,
      reference: `batch:${u.id}`,
    }));
    await ctx.db.transaction((tx) => transferBatch(tx, payouts, now()));
    expect(await Promise.all(users.map(async (u) => (await balancesOf(ctx.db, u.id)).CHIP))).toEqual([100n, 200n, 300n]);

    const overdraw = [
      {
        asset: 'CHIP' as const,
        from: { userId: users[0]?.id as number },
        to: { system: 'house' as const },
        amount: 50n,
        type: 'bet' as const,
        reference: 'b1',
      },
      {
        asset: 'CHIP' as const,
        from: { userId: users[1]?.id as number },
        to: { system: 'house' as const },
        amount: 999n,
        type: 'bet' as const,
        reference: 'b2',
      },
    ];
    await expect(ctx.db.transaction((tx) => transferBatch(tx, overdraw, now()))).rejects.toMatchObject({ key: 'INSUFFICIENT_BALANCE' });
    expect((await balancesOf(ctx.db, users[0]?.id as number)).CHIP).toBe(100n);
    expect((await checkLedger(ctx.db)).ok).toBe(true);
  });
});

describe('ledger check', () => {
  it('finds a balance that does not match its transfers, and a broken zero sum', async () => {
    const a = await registerUser(ctx);
    await fund(a.id, 700n);
    await ctx.db.execute(sql`update ledger_accounts set balance = balance + 1 where user_id = ${a.id} and asset = 'CASH'`);
    const report = await checkLedger(ctx.db);
    expect(report.ok).toBe(false);
    expect(report.sums.CASH).toBe('1');
    expect(report.mismatches).toEqual([expect.objectContaining({ asset: 'CASH', balance: '701', fromTransfers: '700' })]);
    await ctx.db.execute(sql`update ledger_accounts set balance = balance - 1 where user_id = ${a.id} and asset = 'CASH'`);
    expect((await checkLedger(ctx.db)).ok).toBe(true);
  });
});
