import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { createTestContext, fundUser, registerUser, type TestContext } from '../../testing';
import { checkLedger } from '../../testing/ledger';
import { seedBet } from '../../testing/team';
import { balancesOf } from '../ledger/ledger';
import { checkRebates } from './check';
import { runRebates } from './job';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('rebate job on PostgreSQL', () => {
  it('six runs at once, each on its own connection, pay every day and kind once', async () => {
    ctx.clock.set('2026-09-01T08:00:00Z');
    const root = await registerUser(ctx);
    const a = await registerUser(ctx, { invitationCode: root.invitation });
    const b = await registerUser(ctx, { invitationCode: a.invitation });
    await fundUser(ctx, b.id, 'CASH', 10_000n);
    await seedBet(ctx.db, b.id, { total: 10_000n, at: ctx.clock.now() });
    ctx.clock.set('2026-09-02T01:00:00Z');

    const runs = await Promise.all(Array.from({ length: 6 }, () => runRebates(ctx.db, ctx.clock, ctx.services.config)));
    const paid = runs.flat().filter((result) => result.paid);
    expect(paid.map((r) => `${r.kind}:${r.period}`).sort()).toEqual(['bet:2026-09-01', 'recharge:2026-09-01', 'register:2026-09-01']);
    // a: level 1 of b (bet 0.30%, recharge 1.00%); root: level 2 (0.20%, 0.50%).
    expect((await balancesOf(ctx.db, a.id)).CHIP).toBe(30n);
    expect((await balancesOf(ctx.db, a.id)).CASH).toBe(100n);
    expect((await balancesOf(ctx.db, root.id)).CHIP).toBe(20n);
    expect((await balancesOf(ctx.db, root.id)).CASH).toBe(50n);
    const [row] = await queryRows<{ n: number }>(ctx.db, sql`select count(*)::int as n from ledger_transfers where type = 'rebate'`);
    expect(Number(row?.n)).toBe(4);
    expect((await checkLedger(ctx.db)).ok).toBe(true);
    expect(await checkRebates(ctx.db)).toEqual([]);
  });
});
