import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { DAILY_STEPS } from '../../dailySteps';
import { queryRows } from '../../db/client';
import { createTestContext, fundUser, registerUser, type TestContext } from '../../testing';
import { powerPackage } from '../../testing/earning';
import { checkLedger } from '../../testing/ledger';
import { balancesOf } from '../ledger/ledger';
import { powerIncomeStep } from '../power/steps';
import { runDailyEarnings } from './job';
import type { DailyStep } from './step';

let ctx: TestContext;
afterEach(() => ctx.close());

const CHUNK = 3;

/** The power income step, but the process "dies" (throws) when it starts its second chunk. */
function dyingAfterFirstChunk(): DailyStep {
  let calls = 0;
  return {
    name: powerIncomeStep.name,
    run(tx, day, page) {
      calls++;
      if (calls === 2) throw new Error('killed between chunks');
      return powerIncomeStep.run(tx, day, page);
    },
  };
}

/**
 * The power income step given as SQL (one round trip a chunk), but its second chunk fails in the
 * database after its payments ran (division by zero): that chunk's statements roll back together,
 * the progress row's lock and update included, as a crash mid-chunk would.
 */
function dyingInSecondChunk(): DailyStep {
  let calls = 0;
  return {
    name: powerIncomeStep.name,
    run: () => Promise.reject(new Error('chunkSql only')),
    chunkSql(day, page, open) {
      const paid = powerIncomeStep.chunkSql?.(day, page, open);
      if (!paid) throw new Error('the income step gives its chunk as SQL');
      if (++calls < 2) return paid;
      return { ctes: paid.ctes, chunk: sql`select c.*, 1 / (select count(*) - count(*) from power_chunk) as boom from (${paid.chunk}) c` };
    },
  };
}

/**
 * The power income step dies in its second chunk, then the job runs again: the first chunk stays paid,
 * the day is not complete in between, and the rerun pays the rest once.
 */
async function crashThenRerun(dying: () => DailyStep, failure: string | RegExp): Promise<void> {
  ctx = await createTestContext();
  await ctx.services.config.set('PLATFORM_TIME_ZONE', 'UTC');
  ctx.clock.set('2026-08-01T09:00:00Z');
  await runDailyEarnings(ctx.db, ctx.clock, ctx.services.config, DAILY_STEPS);
  const sessionId = await powerPackage(ctx, 'Chunks');
  const buyers = await Promise.all(Array.from({ length: 4 }, () => registerUser(ctx)));
  for (const buyer of buyers) {
    await fundUser(ctx, buyer.id, 'CASH', 2_000n);
    for (let i = 0; i < 2; i++) {
      const bought = await ctx.api.post('/app/userPower/buyPower', { sessionId: String(sessionId) }, { token: buyer.token });
      expect(bought.code).toBe(200);
    }
  }
  const holdings = 8;
  ctx.clock.set('2026-08-02T00:30:00Z'); // the 1st has ended
  const steps = DAILY_STEPS.map((step) => (step.name === powerIncomeStep.name ? dying() : step));
  await expect(runDailyEarnings(ctx.db, ctx.clock, ctx.services.config, steps, { chunkSize: CHUNK })).rejects.toThrow(failure);

  const paidFor = () =>
    queryRows<{ holding: string; n: number }>(
      ctx.db,
      sql`select meta->>'holdingId' as holding, count(*)::int as n from ledger_transfers
          where type = 'power_income' and meta->>'day' = '2026-08-01' group by 1`,
    );
  expect(await paidFor()).toHaveLength(CHUNK);
  const claims = () =>
    queryRows<{ step: string; rows: number }>(ctx.db, sql`select step, rows from earning_days where day = '2026-08-01' order by step`);
  // Only the progress row: the day is not complete, so the fee (which follows the income) has not run.
  expect((await claims()).map((c) => c.step)).toEqual(['power-income/in-progress']);

  await runDailyEarnings(ctx.db, ctx.clock, ctx.services.config, DAILY_STEPS, { chunkSize: CHUNK });
  const paid = await paidFor();
  expect(paid).toHaveLength(holdings);
  expect(paid.every((p) => p.n === 1)).toBe(true);
  // The day's figures count the chunk paid before the crash too.
  const done = await claims();
  expect(done.find((c) => c.step === 'power-income')?.rows).toBe(holdings);
  expect(done.find((c) => c.step === 'power-fee')?.rows).toBe(holdings);
  expect(done.some((c) => c.step.endsWith('/in-progress'))).toBe(false);
  // Each buyer: 2 x (10 income - 1 fee) for the 1st, once.
  for (const buyer of buyers) expect((await balancesOf(ctx.db, buyer.id)).CASH).toBe(2n * 9n);
  expect((await checkLedger(ctx.db)).ok).toBe(true);
}

describe('the daily job pays in chunks', () => {
  it('a crash after the first chunk (a step run in Node): that chunk stays paid, the day is not complete, and the rerun pays the rest once', () =>
    crashThenRerun(dyingAfterFirstChunk, 'killed between chunks'));

  it('a chunk given as SQL that fails in the database after its payments: the first stays paid, the day is not complete, and the rerun pays the rest once', () =>
    crashThenRerun(dyingInSecondChunk, /division by zero/));
});
