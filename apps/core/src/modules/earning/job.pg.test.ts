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
});
