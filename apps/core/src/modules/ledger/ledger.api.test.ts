import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { createTestContext, registerUser, type TestContext } from '../../testing';
import { checkLedger } from '../../testing/ledger';
import { balancesOf, shardFor, systemBalance, transfer, transferBatch, transferFromSystemSql } from './ledger';

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

describe('transferFromSystemSql (ledger_transfer_from_system)', () => {
  /** Runs the ledger's batch over literal movements, as settlement runs it over its own. */
  const pay = (reference: string, rows: SQL) =>
    ctx.db.transaction(async (tx) => {
      const [row] = await queryRows<{ n: number }>(
        tx,
        sql`with moves (asset, user_id, system, amount, type) as (values ${rows})
            select ${transferFromSystemSql('house', reference, now(), 'moves')} as n`,
      );
      return Number(row?.n);
    });

  it('pays users and a system account from one shard, creating accounts first used, one transfer each', async () => {
    const [a, b] = [await registerUser(ctx), await registerUser(ctx)];
    await fund(a.id, 1_000n, 'USDT');
    const houseBefore = await systemBalance(ctx.db, 'house', 'USDT');
    const feesBefore = await systemBalance(ctx.db, 'fees', 'CHIP');
    // b has no USDT account, nobody has a GOLD one yet here, and 'fees' may have no shard for this reference.
    const written = await pay(
      'pay:1',
      sql`('USDT', ${a.id}::bigint, null::text, 250::bigint, 'payout'), ('USDT', ${b.id}::bigint, null, 70::bigint, 'payout'),
          ('GOLD', ${b.id}::bigint, null, 5::bigint, 'payout'), ('CHIP', null::bigint, 'fees', 9::bigint, 'fee')`,
    );
    expect(written).toBe(4);
    expect(await balancesOf(ctx.db, a.id)).toMatchObject({ USDT: 1_250n });
    expect(await balancesOf(ctx.db, b.id)).toMatchObject({ USDT: 70n, GOLD: 5n });
    expect(await systemBalance(ctx.db, 'house', 'USDT')).toBe(houseBefore - 320n);
    expect(await systemBalance(ctx.db, 'fees', 'CHIP')).toBe(feesBefore + 9n);
    const transfers = await queryRows<{ type: string; amount: string; shard: number; system_name: string }>(
      ctx.db,
      sql`select t.type, t.amount::text as amount, f.shard, f.system_name from ledger_transfers t
          join ledger_accounts f on f.id = t.from_account_id where t.reference = 'pay:1' order by t.id`,
    );
    expect(transfers.map((t) => [t.type, t.amount, t.system_name, Number(t.shard)])).toEqual(
      ['250', '70', '5', '9'].map((amount, i) => [i < 3 ? 'payout' : 'fee', amount, 'house', shardFor('pay:1')]),
    );
    expect((await checkLedger(ctx.db)).ok).toBe(true);
  });

  it('refuses a non-positive amount or a movement to both a user and a system account, changing nothing', async () => {
    const user = await registerUser(ctx);
    const before = await checkLedger(ctx.db);
    await expect(
      pay(
        'pay:2',
        sql`('CHIP', ${user.id}::bigint, null::text, 10::bigint, 'payout'), ('CHIP', ${user.id}::bigint, null, 0::bigint, 'payout')`,
      ),
    ).rejects.toThrow();
    await expect(pay('pay:3', sql`('CHIP', ${user.id}::bigint, 'fees'::text, 10::bigint, 'payout')`)).rejects.toThrow();
    expect(await pay('pay:4', sql`(null::text, null::bigint, null::text, null::bigint, null::text)`.append(sql` limit 0`))).toBe(0);
    const after = await checkLedger(ctx.db);
    expect(after.ok).toBe(true);
    expect([after.transfers, (await balancesOf(ctx.db, user.id)).CHIP]).toEqual([before.transfers, 0n]);
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
