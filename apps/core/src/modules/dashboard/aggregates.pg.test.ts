import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { createTestContext, registerUser, type TestContext } from '../../testing';
import { GAP_GRACE_MS, refreshAggregates } from './aggregates';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** Ledger rows written straight (the aggregates only read them): `n` bets of 1..n minor units from the user to the house. */
async function writeTransfers(userAccount: number, houseAccount: number, n: number, rollback = false): Promise<void> {
  await ctx.db
    .transaction(async (tx) => {
      await tx.execute(
        sql`insert into ledger_transfers (asset, from_account_id, to_account_id, amount, type, reference, created_at)
            select 'CHIP', ${userAccount}, ${houseAccount}, g, 'bet', 'bet:B20261125100001' || g, ${ctx.clock.now().toISOString()}::timestamptz
              from generate_series(1, ${n}) g`,
      );
      if (rollback) throw new Error('rolled back on purpose');
    })
    .catch((error: unknown) => {
      if (!rollback) throw error;
    });
}

describe('dashboard aggregates on PostgreSQL', () => {
  it('two refreshers running at once, with writers and rollbacks beside them, count every transfer exactly once', async () => {
    const user = await registerUser(ctx);
    const [accounts] = await queryRows<{ user_account: string; house: string }>(
      ctx.db,
      sql`with u as (insert into ledger_accounts (asset, user_id) values ('CHIP', ${user.id}) returning id),
               h as (insert into ledger_accounts (asset, system_name, shard) values ('CHIP', 'house', 15) returning id)
          select (select id from u)::text as user_account, (select id from h)::text as house`,
    );
    const [from, to] = [Number(accounts?.user_account), Number(accounts?.house)];
    // Writers commit and roll back while two refreshers (two connections of the pool, as two
    // processes would) fold in small batches; the rolled-back ids leave gaps the refresh must wait out.
    const writers = (async () => {
      for (let i = 0; i < 20; i++) {
        await Promise.all([writeTransfers(from, to, 50), writeTransfers(from, to, 7, true)]);
        // Older than the grace period, this round's gaps no longer hold the refreshers back.
        ctx.clock.advance(GAP_GRACE_MS + 1);
      }
    })();
    const refresher = async () => {
      let folded = 0;
      for (let i = 0; i < 60; i++) folded += (await refreshAggregates(ctx.db, ctx.clock, 37)).folded;
      return folded;
    };
    const [, a, b] = await Promise.all([writers, refresher(), refresher()]);
    // Past the grace period every gap is final: the rest is folded by either.
    ctx.clock.advance(10 * 60_000);
    let rest = 0;
    for (;;) {
      const step = await refreshAggregates(ctx.db, ctx.clock, 500);
      rest += step.folded;
      if (step.folded === 0) break;
    }
    const [want] = await queryRows<{ n: string; total: string }>(
      ctx.db,
      sql`select count(*)::text as n, sum(amount)::text as total from ledger_transfers where type = 'bet' and from_account_id = ${from}`,
    );
    const [have] = await queryRows<{ n: string; total: string; house: string }>(
      ctx.db,
      sql`select sum(transfers) filter (where kind = 'bet')::text as n, sum(amount) filter (where kind = 'bet')::text as total,
                 sum(amount) filter (where kind = '~house')::text as house
            from dashboard_daily where coin = 'CHIP'`,
    );
    expect(want?.n).toBe('1000');
    expect(have).toEqual({ n: want?.n, total: want?.total, house: want?.total });
    expect(a + b + rest).toBe(1000);
    // Both did part of the work: they really ran side by side.
    expect(a).toBeGreaterThan(0);
    expect(b).toBeGreaterThan(0);
  });
});
