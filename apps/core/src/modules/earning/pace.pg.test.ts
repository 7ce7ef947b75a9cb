import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, fundUser, registerUser, type TestContext } from '../../testing';
import { powerPackage } from '../../testing/earning';
import { powerIncomeStep } from '../power/steps';
import { runDailyEarnings } from './job';
import { busyPacer, othersBusy } from './pace';
import type { DailyStep } from './step';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.services.config.set('PLATFORM_TIME_ZONE', 'UTC');
});
afterAll(() => ctx.close());

/** Another client inside a transaction (one of the pool's connections, "idle in transaction") until released. */
async function holdTransaction(): Promise<() => Promise<void>> {
  let release: () => void = () => undefined;
  let started: () => void = () => undefined;
  const begun = new Promise<void>((resolve) => {
    started = resolve;
  });
  const held = ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select 1`);
    started();
    await new Promise<void>((resolve) => {
      release = resolve;
    });
  });
  await begun;
  return async () => {
    release();
    await held;
  };
}

/** `holders` holdings of a fresh power package bought on `day` at 09:00, the days before marked run; the clock then on the next day. */
async function holdingsToPay(name: string, day: string, next: string, holders: number): Promise<void> {
  ctx.clock.set(`${day}T09:00:00Z`);
  await runDailyEarnings(ctx.db, ctx.clock, ctx.services.config, []);
  const sessionId = await powerPackage(ctx, name);
  for (let i = 0; i < holders; i++) {
    const buyer = await registerUser(ctx);
    await fundUser(ctx, buyer.id, 'CASH', 2_000n);
    expect((await ctx.api.post('/app/userPower/buyPower', { sessionId: String(sessionId) }, { token: buyer.token })).code).toBe(200);
  }
  ctx.clock.set(`${next}T00:00:05Z`);
}

describe('the daily job gives way to other clients on PostgreSQL', () => {
  it('sees another client inside a transaction, and nobody once it has committed', async () => {
    expect(await othersBusy(ctx.db)).toBe(false);
    const release = await holdTransaction();
    expect(await othersBusy(ctx.db)).toBe(true);
    await release();
    expect(await othersBusy(ctx.db)).toBe(false);
  });

  it('pauses between chunks `pause` times the chunk while another client is busy, never after a step-day is paid', async () => {
    await holdingsToPay('Pace', '2026-07-01', '2026-07-02', 5);
    const waits: number[] = [];
    const chunks: number[] = [];
    const pace = busyPacer(ctx.db, 2, async (ms) => {
      waits.push(ms);
    });
    const release = await holdTransaction();
    // The power income step is given as SQL: each chunk reads the others' state in its own statement.
    expect(powerIncomeStep.chunkSql).toBeDefined();
    const results = await runDailyEarnings(ctx.db, ctx.clock, ctx.services.config, [powerIncomeStep], {
      chunkSize: 2,
      pace,
      onChunk: (_step, ms) => chunks.push(ms),
    });
    await release();
    expect(results.map((r) => r.rows)).toEqual([5]);
    // Chunks of 2 over 5 holdings: 3 chunks, a pause after the first two only, each twice its chunk.
    expect(chunks).toHaveLength(3);
    expect(waits).toHaveLength(2);
    waits.forEach((ms, i) => {
      expect(ms).toBeGreaterThanOrEqual(2 * (chunks[i] as number) * 0.99);
      expect(ms).toBeLessThan(2 * (chunks[i] as number) + 50);
    });
  });

  it('a chunk run through `run` (no SQL of its own) asks after the others; alone, the job never pauses', async () => {
    await holdingsToPay('Asks', '2026-07-10', '2026-07-11', 3);
    const throughRun: DailyStep = { name: powerIncomeStep.name, run: powerIncomeStep.run };
    const seen: boolean[] = [];
    const release = await holdTransaction();
    await runDailyEarnings(ctx.db, ctx.clock, ctx.services.config, [throughRun], {
      chunkSize: 1,
      pace: async (_ms, busy) => {
        seen.push(busy);
      },
    });
    await release();
    // Every chunk but each step-day's last (this package's holdings, the earlier test's, and the days in between).
    expect(seen.length).toBeGreaterThanOrEqual(3);
    expect(seen.every((busy) => busy)).toBe(true);

    await holdingsToPay('Alone', '2026-07-20', '2026-07-21', 3);
    seen.length = 0;
    await runDailyEarnings(ctx.db, ctx.clock, ctx.services.config, [powerIncomeStep], {
      chunkSize: 1,
      pace: async (_ms, busy) => {
        seen.push(busy);
      },
    });
    expect(seen.length).toBeGreaterThanOrEqual(3);
    expect(seen.every((busy) => !busy)).toBe(true);
  });

  it('pauses by the given share only when told others are busy, and never with a pause of 0', async () => {
    const waits: number[] = [];
    const pace = busyPacer(ctx.db, 0.5, async (ms) => {
      waits.push(ms);
    });
    await pace?.(100, false);
    await pace?.(100, true);
    expect(waits).toEqual([50]);
    expect(busyPacer(ctx.db, 0)).toBeUndefined();
  });
});
