import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Executor, queryRows } from '../../db/client';
import { createTestContext, type TestContext } from '../../testing';
import { EARNING_CATCH_UP_DAYS, runDailyEarnings } from './job';
import type { DailyContext, DailyStep } from './step';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** A step that records the days it was given, in the order it ran. */
function recordingStep(name: string, log: string[]): DailyStep {
  return {
    name,
    async run(_tx: Executor, day: DailyContext) {
      log.push(`${name}:${day.day}:${day.start.toISOString()}`);
      return { rows: 1, total: 5n, next: null };
    },
  };
}

describe('daily earning job', () => {
  beforeEach(async () => {
    await ctx.db.execute(sql`delete from earning_days`);
    await ctx.services.config.set('PLATFORM_TIME_ZONE', 'UTC');
  });

  it('runs each finished day once, steps in order within a day, and nothing for today', async () => {
    const log: string[] = [];
    const steps = [recordingStep('income', log), recordingStep('fee', log)];
    ctx.clock.set('2026-10-05T10:00:00Z');
    await runDailyEarnings(ctx.db, ctx.clock, ctx.services.config, steps);
    await runDailyEarnings(ctx.db, ctx.clock, ctx.services.config, steps);
    expect(log).toEqual(['income:2026-10-04:2026-10-04T00:00:00.000Z', 'fee:2026-10-04:2026-10-04T00:00:00.000Z']);
  });

  it('catches up missed days oldest first after downtime, day by day', async () => {
    const log: string[] = [];
    const steps = [recordingStep('income', log), recordingStep('fee', log)];
    ctx.clock.set('2026-10-05T10:00:00Z');
    await runDailyEarnings(ctx.db, ctx.clock, ctx.services.config, steps);
    log.length = 0;
    ctx.clock.set('2026-10-08T00:00:01Z'); // down for three days
    const results = await runDailyEarnings(ctx.db, ctx.clock, ctx.services.config, steps);
    expect(log.map((entry) => entry.split(':').slice(0, 2).join(':'))).toEqual([
      'income:2026-10-05',
      'fee:2026-10-05',
      'income:2026-10-06',
      'fee:2026-10-06',
      'income:2026-10-07',
      'fee:2026-10-07',
    ]);
    expect(results.every((r) => r.ran && r.rows === 1 && r.total === 5n)).toBe(true);
  });

  it('catches up at most EARNING_CATCH_UP_DAYS', async () => {
    const log: string[] = [];
    const steps = [recordingStep('income', log)];
    ctx.clock.set('2026-01-02T10:00:00Z');
    await runDailyEarnings(ctx.db, ctx.clock, ctx.services.config, steps);
    log.length = 0;
    ctx.clock.set('2026-06-01T10:00:00Z');
    await runDailyEarnings(ctx.db, ctx.clock, ctx.services.config, steps);
    expect(log).toHaveLength(EARNING_CATCH_UP_DAYS);
    expect(log.at(-1)).toMatch(/^income:2026-05-31:/);
  });

  it('turns the day at 00:00 in the configured time zone', async () => {
    await ctx.services.config.set('PLATFORM_TIME_ZONE', 'Asia/Tokyo');
    const log: string[] = [];
    const steps = [recordingStep('income', log)];
    ctx.clock.set('2026-10-04T14:59:00Z'); // 23:59 in Tokyo on the 4th: the 3rd is the last finished day
    await runDailyEarnings(ctx.db, ctx.clock, ctx.services.config, steps);
    ctx.clock.set('2026-10-04T15:00:00Z'); // 00:00 on the 5th in Tokyo
    await runDailyEarnings(ctx.db, ctx.clock, ctx.services.config, steps);
    expect(log).toEqual(['income:2026-10-03:2026-10-02T15:00:00.000Z', 'income:2026-10-04:2026-10-03T15:00:00.000Z']);
  });

  it('a step that fails leaves its day unclaimed, and the day runs on the next pass', async () => {
    let fail = true;
    const log: string[] = [];
    const flaky: DailyStep = {
      name: 'flaky',
      async run(tx, day) {
        await tx.execute(sql`select 1`);
        if (fail) throw new Error('provider down');
        log.push(day.day);
        return { rows: 0, total: 0n, next: null };
      },
    };
    ctx.clock.set('2026-10-05T10:00:00Z');
    await expect(runDailyEarnings(ctx.db, ctx.clock, ctx.services.config, [flaky])).rejects.toThrow('provider down');
    fail = false;
    await runDailyEarnings(ctx.db, ctx.clock, ctx.services.config, [flaky]);
    expect(log).toEqual(['2026-10-04']);
  });

  it('commits each chunk without waiting for the disk (its own transaction only), given as SQL or run in Node', async () => {
    const setting = sql`current_setting('synchronous_commit')`;
    const inSql: DailyStep = {
      name: 'commit-sql',
      run: () => Promise.reject(new Error('chunkSql only')),
      chunkSql: ({ day }, _page, open) => ({
        ctes: sql`seen as (insert into sys_config (key, value) select 'commit-sql:' || ${day}, ${setting} where ${open} returning 1)`,
        chunk: sql`select (select count(*) from seen)::int as seen, null::text as last, 1 as rows, '0' as total, false as defer`,
      }),
    };
    const inNode: DailyStep = {
      name: 'commit-node',
      async run(tx, { day }) {
        await tx.execute(sql`insert into sys_config (key, value) values (${`commit-node:${day}`}, ${setting})`);
        return { rows: 1, total: 0n, next: null };
      },
    };
    ctx.clock.set('2026-10-05T10:00:00Z');
    await runDailyEarnings(ctx.db, ctx.clock, ctx.services.config, [inSql, inNode]);
    const rows = await queryRows<{ key: string; value: string }>(
      ctx.db,
      sql`select key, value from sys_config where key like 'commit-%' order by key`,
    );
    expect(rows).toEqual([
      { key: 'commit-node:2026-10-04', value: 'off' },
      { key: 'commit-sql:2026-10-04', value: 'off' },
    ]);
    // Only the chunks' transactions: what runs after them on the same connections commits as configured.
    const after = await queryRows<{ value: string }>(ctx.db, sql`select ${setting} as value`);
    expect(after).toEqual([{ value: 'on' }]);
  });
});
