import { sql } from 'drizzle-orm';
import { DAILY_STEPS } from '../dailySteps';
import { queryRows } from '../db/client';
import { checkLedgerAndBets } from '../ledgerCheck';
import { createConfigService } from '../modules/config/service';
import { EARNING_CHUNK_SIZE, runDailyEarnings } from '../modules/earning/job';
import { checkPower } from '../modules/power/check';
import { freshDatabase, machine } from './support';

/**
 * `npm run bench -- earning`: the daily earning job (its power steps: income,
 * management fee, maturity) over 100,000 live holdings of 25,000 users (4 each,
 * a thirtieth of them maturing each day), on PostgreSQL, one platform day per
 * run, paid in chunks of BENCH_CHUNK holdings (default EARNING_CHUNK_SIZE), each
 * its own transaction. Rows are written set-based and vacuumed as autovacuum
 * would; the ledger and the power invariants are checked at the end. Besides each
 * step's time per day it reports the longest chunk: how long a holder's account
 * can be locked by the job (the chunk's work; its commit follows at once).
 */
const USERS = Number(process.env.BENCH_USERS ?? 25_000);
const PER_USER = 4;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CHUNK = Number(process.env.BENCH_CHUNK ?? EARNING_CHUNK_SIZE);
const DAY_MS = 86_400_000;

const db = await freshDatabase(4);
try {
  const exec = (query: ReturnType<typeof sql>) => db.db.execute(query);
  const config = createConfigService(db.db, 'http://bench');
  await config.set('PLATFORM_TIME_ZONE', 'UTC');
  const first = '2026-06-01';
  await exec(sql`insert into users (phone, area_code, password_hash, invitation_code)
                 select (9000000000 + g)::text, '91', 'x', 'B' || g from generate_series(1, ${USERS}) g`);
  // Each user starts with 100.00 CASH from a deposit (balance and transfer agree, so the ledger check holds).
  await exec(
    sql`insert into ledger_accounts (asset, system_name, shard) values ('CASH', 'deposits:bench', 0), ('CASH', 'power_stakes', 0)`,
  );
  await exec(sql`insert into ledger_accounts (asset, user_id, balance) select 'CASH', id, 10000 from users`);
  await exec(sql`update ledger_accounts set balance = -10000 * ${USERS} where system_name = 'deposits:bench'`);
  await exec(sql`insert into ledger_transfers (asset, from_account_id, to_account_id, amount, type, reference, created_at)
                 select 'CASH', (select id from ledger_accounts where system_name = 'deposits:bench'), a.id, 10000, 'recharge', 'bench', now()
                 from ledger_accounts a where a.user_id is not null`);
  // The holdings' prices sit in power_stakes, as purchases would have put them.
  const [session] = await queryRows<{ id: number }>(
    db.db,
    sql`update power_sessions set daily_limit = ${PER_USER} where id = (select min(id) from power_sessions) returning id`,
  );
  await exec(sql`insert into power_holdings (user_id, session_id, kind, name, coin, price, power, term_days, daily_rate_bps, fee_bps, start_day, end_day, created_at)
                 select u.id, ${session?.id}, 'basic', 'Bench', 'CASH', 1000, 1000, 30, 120, 10,
                        ${first}::date, ${first}::date + ((u.id * ${PER_USER} + g) % 30)::int, ${first}::timestamptz
                 from users u cross join generate_series(1, ${PER_USER}) g`);
  await exec(sql`update ledger_accounts set balance = (select sum(price) from power_holdings) where system_name = 'power_stakes'`);
  await exec(
    sql`update ledger_accounts set balance = balance - (select sum(price) from power_holdings) where system_name = 'deposits:bench'`,
  );
  await exec(sql`insert into ledger_transfers (asset, from_account_id, to_account_id, amount, type, reference, created_at)
                 select 'CASH', (select id from ledger_accounts where system_name = 'deposits:bench'),
                        (select id from ledger_accounts where system_name = 'power_stakes'), sum(price), 'power', 'bench', now()
                 from power_holdings`);
  await exec(sql`vacuum analyze`);
  const [held] = await queryRows<{ n: number }>(db.db, sql`select count(*)::int as n from power_holdings`);

  // The days before the first are marked run, so each run below pays exactly one day.
  await runDailyEarnings(db.db, { now: () => new Date(`${first}T00:00:01Z`) }, config, DAILY_STEPS);
  // Each step's chunks timed (the job runs the steps in order within the day): per day, the sum
  // (the step's time) and the longest chunk.
  const chunkMs: Record<string, number[]> = {};
  const timed = DAILY_STEPS.map((step) => ({
    name: step.name,
    run: async (...args: Parameters<typeof step.run>) => {
      const t = performance.now();
      const result = await step.run(...args);
      const list = chunkMs[step.name] ?? [];
      list.push(performance.now() - t);
      chunkMs[step.name] = list;
      return result;
    },
  }));
  const stepMs: Record<string, number[]> = {};
  let longestChunkMs = 0;
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const at = new Date(Date.parse(`${first}T00:05:00Z`) + (i + 1) * DAY_MS);
    const t = performance.now();
    const results = await runDailyEarnings(db.db, { now: () => at }, config, timed, CHUNK);
    const ms = Math.round(performance.now() - t);
    for (const [name, list] of Object.entries(chunkMs)) {
      stepMs[name] = [...(stepMs[name] ?? []), Math.round(list.reduce((sum, x) => sum + x, 0))];
      longestChunkMs = Math.max(longestChunkMs, ...list);
      list.length = 0;
    }
    runs.push({ day: results[0]?.day, ms, steps: Object.fromEntries(results.map((r) => [r.step, r.rows])) });
    console.log('run', runs.at(-1));
  }
  const sorted = runs.map((r) => r.ms).sort((a, b) => a - b);
  console.log(`daily earning job, ${held?.n} holdings of ${USERS} users`, {
    runs: RUNS,
    chunk: CHUNK,
    longestChunkMs: Math.round(longestChunkMs),
    medianMs: sorted[Math.floor(sorted.length / 2)],
    maxMs: sorted.at(-1),
    stepMs,
  });
  const ledger = await checkLedgerAndBets(db.db);
  const power = await checkPower(db.db);
  console.log('ledger check', ledger.ok ? 'ok' : ledger, 'power invariants', power.length === 0 ? 'ok' : power);
  console.log('machine', machine());
} finally {
  if (process.env.BENCH_KEEP) console.log('kept', db.url);
  else await db.drop();
}
