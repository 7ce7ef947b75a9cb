import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { createTestContext, type TestContext } from '../../testing';
import { runDailyEarnings } from './job';
import type { DailyStep } from './step';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('daily earning job on PostgreSQL', () => {
  it('six runners at once, each on its own connection, run every day of every step once', async () => {
    await ctx.services.config.set('PLATFORM_TIME_ZONE', 'UTC');
    // The step writes in its transaction and holds it open a little, so the runners really overlap.
    const step: DailyStep = {
      name: 'probe',
      async run(tx, day) {
        await tx.execute(sql`select pg_sleep(0.05)`);
        await tx.execute(sql`insert into sys_config (key, value) values (${`probe:${day.day}`}, '1')`);
        return { rows: 1, total: 1n, next: null };
      },
    };
    ctx.clock.set('2026-10-01T10:00:00Z');
    await runDailyEarnings(ctx.db, ctx.clock, ctx.services.config, [step]);
    ctx.clock.set('2026-10-05T10:00:00Z');
    const runs = await Promise.all(Array.from({ length: 6 }, () => runDailyEarnings(ctx.db, ctx.clock, ctx.services.config, [step])));
    const ran = runs.flat().filter((r) => r.ran);
    expect(ran.map((r) => r.day).sort()).toEqual(['2026-10-01', '2026-10-02', '2026-10-03', '2026-10-04']);
    const rows = await queryRows<{ key: string }>(ctx.db, sql`select key from sys_config where key like 'probe:%' order by key`);
    expect(rows.map((r) => r.key)).toEqual([
      'probe:2026-09-30',
      'probe:2026-10-01',
      'probe:2026-10-02',
      'probe:2026-10-03',
      'probe:2026-10-04',
    ]);
  });

  it('runners overlapping on one step-day at every chunk boundary (chunkSql: one round trip a chunk) pay each item once', async () => {
    await ctx.services.config.set('PLATFORM_TIME_ZONE', 'UTC');
    const ITEMS = 11;
    // Items 1..11 of the day, each "paid" by a sys_config row (its primary key turns a second payment into an
    // error); each chunk sleeps while it holds the progress row, so the other runners queue on that lock and
    // take over at the boundaries. A runner whose chunk statement began before the lock was granted must still
    // see the items the lock's holder paid (its snapshot taken after the wait) and pay nothing twice.
    const step: DailyStep = {
      name: 'overlap-probe',
      run: () => Promise.reject(new Error('chunkSql only')),
      chunkSql: ({ day }, page, open) => ({
        ctes: sql`page as materialized (
            select g as id from generate_series(${page.after} + 1, ${ITEMS}) g where ${open} order by g limit ${page.limit}),
          nap as materialized (select pg_sleep(0.02) from (select 1) one where exists (select 1 from page)),
          fresh as materialized (
            select p.id from page p
            where not exists (select 1 from sys_config c where c.key = 'overlap:' || ${day} || ':' || p.id)
              and (select count(*) from nap) >= 0),
          paid as (insert into sys_config (key, value) select 'overlap:' || ${day} || ':' || id, '1' from fresh returning 1)`,
        chunk: sql`select (select count(*) from page)::int as seen, (select max(id) from page)::text as last,
                 (select count(*) from paid)::int as rows, (select count(*) from paid)::text as total, false as defer`,
      }),
    };
    ctx.clock.set('2026-11-01T10:00:00Z');
    await runDailyEarnings(ctx.db, ctx.clock, ctx.services.config, [step]);
    ctx.clock.set('2026-11-03T10:00:00Z'); // the 1st and the 2nd to pay, by six runners in chunks of 2
    const runs = await Promise.all(
      Array.from({ length: 6 }, () => runDailyEarnings(ctx.db, ctx.clock, ctx.services.config, [step], { chunkSize: 2 })),
    );
    const ran = runs.flat().filter((r) => r.ran);
    expect(ran.map((r) => `${r.day}:${r.rows}:${r.total}`).sort()).toEqual([
      `2026-11-01:${ITEMS}:${ITEMS}`,
      `2026-11-02:${ITEMS}:${ITEMS}`,
    ]);
    const [paid] = await queryRows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from sys_config where key like 'overlap:2026-11-01:%' or key like 'overlap:2026-11-02:%'`,
    );
    expect(paid?.n).toBe(2 * ITEMS);
    const left = await queryRows<{ step: string }>(ctx.db, sql`select step from earning_days where step like 'overlap-probe/%'`);
    expect(left).toEqual([]);
  });
});
