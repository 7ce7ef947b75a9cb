import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { createTestContext, registerUser, type TestContext } from '../../testing';
import { seedBet } from '../../testing/team';
import { figureMismatchesSql } from './figures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** The statements of `file` that fill a figure table (`quarters` or `totals`) from the bets already placed. */
function backfillStatements(file: string, table: 'quarters' | 'totals'): string[] {
  const text = readFileSync(new URL(`../../../drizzle/${file}`, import.meta.url), 'utf8');
  return text
    .split('--> statement-breakpoint')
    .map((part) => part.replace(/^\s*--.*$/gm, '').trim())
    .filter((part) => part.startsWith(`INSERT INTO game_user_${table}`));
}

describe('migrations 0020 and 0037', () => {
  it('fills the figure rows from existing bets exactly as the sums over the bets say', async () => {
    const [a, b] = [await registerUser(ctx), await registerUser(ctx)];
    const at = (iso: string) => new Date(iso);
    // Winners and losers, late settlement, unsettled, drawn, void, USDT, over midnight; two users.
    await seedBet(ctx.db, a.id, { total: 7_000n, payout: 13_720n, at: at('2026-08-31T10:00:00Z') });
    await seedBet(ctx.db, a.id, { total: 3_000n, at: at('2026-09-01T23:50:00Z'), settledAt: at('2026-09-02T00:20:00Z') });
    await seedBet(ctx.db, a.id, { total: 2_000n, at: at('2026-09-01T12:00:00Z'), state: 'void' });
    await seedBet(ctx.db, a.id, { total: 800n, payout: 1_568n, coin: 'USDT', at: at('2026-09-02T03:00:00Z') });
    await seedBet(ctx.db, a.id, { total: 600n, at: at('2026-09-02T07:58:00Z'), state: 'drawn' });
    await seedBet(ctx.db, a.id, { total: 400n, at: at('2026-09-02T07:59:30Z'), settledAt: null });
    await seedBet(ctx.db, b.id, { total: 9_900n, payout: 19_404n, at: at('2026-09-02T01:00:00Z'), coin: 'GOLD' });
    await seedBet(ctx.db, b.id, { total: 100n, at: at('2026-09-02T01:14:59Z') });
    const users = [a.id, b.id];
    expect(await queryRows(ctx.db, figureMismatchesSql(users))).toEqual([]);
    // The totals as 0020 filled them; the quarters as 0037 filled them anew (per coin, with the counts).
    const statements = [
      ...backfillStatements('0020_user_figures.sql', 'totals'),
      ...backfillStatements('0037_my_play_figures.sql', 'quarters'),
    ];
    expect(statements).toHaveLength(2);
    // As before the migration: no rows; then its statements (for these users' bets only).
    await ctx.db.execute(sql`delete from game_user_quarters`);
    await ctx.db.execute(sql`delete from game_user_totals`);
    for (const statement of statements) await ctx.db.execute(sql.raw(statement));
    expect(await queryRows(ctx.db, figureMismatchesSql(users))).toEqual([]);
    const [rows] = await queryRows<{ n: number }>(ctx.db, sql`select count(*)::int as n from game_user_quarters where user_id = ${a.id}`);
    // a: placed in 4 quarters and coins (not the void bet; the USDT one at 03:00 in a row of its own;
    // 07:58 and 07:59:30 share 07:45), settled in 3 (the 7,000 at 10:01, the late 3,000 at 00:20 and
    // the USDT one; the drawn and open ones not yet).
    expect(rows?.n).toBe(7);
    const [counts] = await queryRows<{ bets: number; won: number }>(
      ctx.db,
      sql`select sum(bets) filter (where not settled)::int as bets, sum(won)::int as won from game_user_quarters where user_id = ${a.id}`,
    );
    // 5 bets placed (the void one is not counted), 2 won (the 7,000 and the USDT one).
    expect(counts).toEqual({ bets: 5, won: 2 });
  });
});
