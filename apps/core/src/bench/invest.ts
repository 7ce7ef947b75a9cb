import { sql } from 'drizzle-orm';
import { EARNING_CHUNK_SIZE, runEarningDay } from '../modules/earning/job';
import type { DailyStep } from '../modules/earning/step';
import { depositInterestStep, depositMaturityStep } from '../modules/fixedDeposit';
import { followInvestEarningsStep, followInvestMaturityStep } from '../modules/followInvest';
import { freshDatabase, machine } from './support';

/**
 * `npm run bench -- invest`: the follow-invest and fixed-deposit steps of the
 * daily job on HOLDINGS (default 100,000) advisor orders and as many deposits,
 * spread over 1,000 users: one day's earnings and interest (one transfer per
 * holding), then the day they all mature (advisor: principal and fee, two
 * transfers each). PostgreSQL, rows written set-based and analyzed. Paid in
 * chunks of BENCH_CHUNK holdings (default EARNING_CHUNK_SIZE), each its own
 * transaction; the longest chunk is how long a holder's account can stay locked.
 */
const HOLDINGS = Number(process.env.HOLDINGS ?? 100_000);
const CHUNK = Number(process.env.BENCH_CHUNK ?? EARNING_CHUNK_SIZE);

const db = await freshDatabase(4);
try {
  await db.db.execute(sql`insert into advisor_orders (user_id, product_id, blogger, coin, staking_amount, gift_amount, daily_rate_bp, days,
      fee_rate_bp, start_day, end_day, deadline, created_at)
    select 1 + (g % 1000), 1, 'A', 'CASH', 10000 + g, 0, 80, 7, 1000, '2026-10-01', '2026-10-07', '2026-10-08T00:00:00Z', now()
    from generate_series(1, ${HOLDINGS}) g`);
  await db.db.execute(sql`insert into fixed_deposits (user_id, product_id, name, coin, principal, original_amount, annual_rate_bp, days,
      start_day, end_day, ends_at, created_at)
    select 1 + (g % 1000), 1, 'd', 'CASH', 100000 + g, 100000 + g, 500, 7, '2026-10-01', '2026-10-07', '2026-10-08T00:00:00Z', now()
    from generate_series(1, ${HOLDINGS}) g`);
  await db.db.execute(sql`analyze`);
  const runs = [
    [followInvestEarningsStep, '2026-10-02'],
    [depositInterestStep, '2026-10-02'],
    [followInvestMaturityStep, '2026-10-07'],
    [depositMaturityStep, '2026-10-07'],
  ] as const;
  for (const [step, day] of runs) {
    let longestChunkMs = 0;
    const timed: DailyStep = {
      name: step.name,
      async run(...args) {
        const t = performance.now();
        const result = await step.run(...args);
        longestChunkMs = Math.max(longestChunkMs, performance.now() - t);
        return result;
      },
    };
    const began = performance.now();
    const result = await runEarningDay(db.db, timed, { day, timeZone: 'UTC', now: new Date('2026-10-08T00:01:00Z'), chunkSize: CHUNK });
    console.log(`${step.name} (${day})`, {
      holdings: result.rows,
      ms: Math.round(performance.now() - began),
      chunk: CHUNK,
      longestChunkMs: Math.round(longestChunkMs),
    });
  }
  console.log('machine', machine());
} finally {
  if (process.env.BENCH_KEEP) console.log('kept', db.url);
  else await db.drop();
}
