import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { DAILY_STEPS } from '../dailySteps';
import { type Database, queryRows } from '../db/client';
import { checkLedgerAndBets } from '../ledgerCheck';
import { type ConfigService, createConfigService } from '../modules/config/service';
import { EARNING_CHUNK_SIZE, runDailyEarnings } from '../modules/earning/job';
import { EARNING_BUSY_PAUSE } from '../modules/earning/pace';
import { checkPower } from '../modules/power/check';
import { exchange } from '../modules/wallet/exchange';
import { systemClock } from '../platform/clock';
import { cryptoRandom } from '../platform/random';
import { balancesDigest, makeSystemShards, payDayBare, writtenDigest } from './earningBare';
import type { EarningDayInput, EarningDayReport } from './earningDay';
import { cpuSpentMs, databaseCpu, freshDatabase, machine, startFlagsOnPostgres } from './support';

/**
 * `npm run bench -- earning`: the daily earning job (its power steps: income,
 * management fee, maturity) over 100,000 live holdings of 25,000 users (4 each,
 * a thirtieth of them maturing each day), on PostgreSQL, one platform day per
 * run, paid in chunks of BENCH_CHUNK holdings (default EARNING_CHUNK_SIZE), each
 * its own transaction; beside it, on a second database seeded alike, the same
 * payments as bare hand SQL (earningBare.ts), the two interleaved day by day
 * (which goes first alternates). Reported per day: job and bare ms and their
 * ratio, the Node CPU of the job (its day runs in a process of its own:
 * earningDay.ts), the longest chunk (how
 * long a holder's account can be locked), and whether the two databases hold
 * the same balances (checked every day) and wrote the same rows (at the end).
 * Then, on the job's database only, BENCH_CLIENTS clients exchange CASH->CHIP
 * through the wallet service while the job pays a day and for as long outside
 * it: their p99 in both, and how long the job took while they ran (it pauses between chunks while
 * others are busy: BENCH_PAUSE, default EARNING_BUSY_PAUSE). The ledger and the power invariants are checked at the end.
 * BENCH_JOB_SQL=file.sql runs that file on the job's database after seeding (a variant of a
 * function the job calls, to measure a change without a migration). BENCH_INTERLEAVE=1 and
 * BENCH_SELF=1: below.
 */
const USERS = Number(process.env.BENCH_USERS ?? 25_000);
const PER_USER = 4;
const RUNS = Number(process.env.BENCH_RUNS ?? 4);
const LOADED_RUNS = Number(process.env.BENCH_LOADED_RUNS ?? 2);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 4);
const CHUNK = Number(process.env.BENCH_CHUNK ?? EARNING_CHUNK_SIZE);
/** The job's pause between chunks while others are busy, as `npm start` sets it (EARNING_BUSY_PAUSE; BENCH_PAUSE=0 turns it off). */
const PAUSE = Number(process.env.BENCH_PAUSE ?? EARNING_BUSY_PAUSE);
/**
 * BENCH_INTERLEAVE=1: holdings numbered round-robin across users (each user's 4 holdings 25,000 ids
 * apart), as purchases over time interleave them, so a chunk of 1,000 holdings meets 1,000 holders
 * instead of 250 (a holder's 4 holdings are otherwise consecutive). The bare SQL pays per holder either way.
 */
const HOLDING_ORDER = process.env.BENCH_INTERLEAVE === '1' ? sql`order by g, u.id` : sql`order by u.id, g`;
/**
 * BENCH_SELF=1: the second database runs the job too, in place of the bare SQL (an A/A run): how
 * far a day's ratio swings on this machine when both sides do exactly the same work.
 */
const SELF = process.env.BENCH_SELF === '1';
const DAY_MS = 86_400_000;
const FIRST = '2026-06-01';

/** 25,000 users with 100.00 CASH each from a deposit, and 4 holdings each whose prices sit in power_stakes. */
async function seed(db: Database): Promise<void> {
  const exec = (query: ReturnType<typeof sql>) => db.execute(query);
  await exec(sql`insert into users (phone, area_code, password_hash, invitation_code)
                 select (9000000000 + g)::text, '91', 'x', 'B' || g from generate_series(1, ${USERS}) g`);
  // Balance and transfer agree, so the ledger check holds.
  await exec(
    sql`insert into ledger_accounts (asset, system_name, shard) values ('CASH', 'deposits:bench', 0), ('CASH', 'power_stakes', 0)`,
  );
  await exec(sql`insert into ledger_accounts (asset, user_id, balance) select 'CASH', id, 10000 from users order by id`);
  await exec(sql`update ledger_accounts set balance = -10000 * ${USERS} where system_name = 'deposits:bench'`);
  await exec(sql`insert into ledger_transfers (asset, from_account_id, to_account_id, amount, type, reference, created_at)
                 select 'CASH', (select id from ledger_accounts where system_name = 'deposits:bench'), a.id, 10000, 'recharge', 'bench', now()
                 from ledger_accounts a where a.user_id is not null`);
  const [session] = await queryRows<{ id: number }>(
    db,
    sql`update power_sessions set daily_limit = ${PER_USER} where id = (select min(id) from power_sessions) returning id`,
  );
  await exec(sql`insert into power_holdings (user_id, session_id, kind, name, coin, price, power, term_days, daily_rate_bps, fee_bps, start_day, end_day, created_at)
                 select u.id, ${session?.id}, 'basic', 'Bench', 'CASH', 1000, 1000, 30, 120, 10,
                        ${FIRST}::date, ${FIRST}::date + ((u.id * ${PER_USER} + g) % 30)::int, ${FIRST}::timestamptz
                 from users u cross join generate_series(1, ${PER_USER}) g ${HOLDING_ORDER}`);
  await exec(sql`update ledger_accounts set balance = (select sum(price) from power_holdings) where system_name = 'power_stakes'`);
  await exec(
    sql`update ledger_accounts set balance = balance - (select sum(price) from power_holdings) where system_name = 'deposits:bench'`,
  );
  await exec(sql`insert into ledger_transfers (asset, from_account_id, to_account_id, amount, type, reference, created_at)
                 select 'CASH', (select id from ledger_accounts where system_name = 'deposits:bench'),
                        (select id from ledger_accounts where system_name = 'power_stakes'), sum(price), 'power', 'bench', now()
                 from power_holdings`);
  await exec(sql`vacuum analyze`);
}

/**
 * Before each timed run, both databases are vacuumed and checkpointed (untimed), so neither run
 * starts amid the other's autovacuum or dirty pages (both share the server's WAL and
 * checkpointer). The medians by which side went first are reported beside the overall one, so an
 * order effect that remains shows (docs/performance.md, "The daily earning job"). BENCH_SETTLE=0
 * turns it off.
 */
const SETTLE = process.env.BENCH_SETTLE !== '0';
async function settle(...dbs: Database[]): Promise<void> {
  if (!SETTLE) return;
  for (const db of dbs) await db.execute(sql`vacuum analyze`);
  await dbs[0]?.execute(sql`checkpoint`);
}

/**
 * Right before each timed side, its database's tables and indexes (but the transfers' heap, which a
 * day only appends to) are read into shared buffers (pg_prewarm), so that both sides start from the
 * same state of the server's 128 MB of buffers, which cannot hold both databases: the job's index
 * probes met the other side's pages there when it went second, the bare SQL's sequential scans
 * (through a small ring of buffers) hardly did (docs/performance.md, "The daily earning job").
 * BENCH_WARM=0 turns it off.
 */
const WARM = process.env.BENCH_WARM !== '0';
async function warm(db: Database): Promise<void> {
  if (!WARM) return;
  await db.execute(sql`create extension if not exists pg_prewarm`);
  await db.execute(sql`select pg_prewarm(c.oid) from pg_class c
    where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'i') and c.relname <> 'ledger_transfers'`);
}

const atOf = (run: number) => new Date(Date.parse(`${FIRST}T00:05:00Z`) + (run + 1) * DAY_MS);
const dayOf = (run: number) =>
  atOf(run - 1)
    .toISOString()
    .slice(0, 10);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.99))] ?? 0;

/** CLIENTS loops exchanging 1.00 CASH->CHIP for random holders until `until` settles; their latencies in ms. */
async function exchangesDuring(db: Database, until: Promise<unknown>): Promise<number[]> {
  let stop = false;
  const done = until.finally(() => {
    stop = true;
  });
  const deps = { clock: systemClock, random: cryptoRandom, refuseExcluded: async () => {} };
  const [first] = await queryRows<{ id: number }>(db, sql`select min(id)::int as id from users`);
  const latencies: number[] = [];
  const client = async () => {
    while (!stop) {
      const userId = Number(first?.id) + Math.floor(Math.random() * USERS);
      const t = performance.now();
      await db.transaction((tx) => exchange(tx, deps, userId, { fromCoin: 'CASH', toCoin: 'CHIP', amount: 100n }));
      latencies.push(performance.now() - t);
    }
  };
  await Promise.all([done, ...Array.from({ length: CLIENTS }, client)]);
  return latencies;
}

/**
 * The job pays a day in a process of its own (earningDay.ts), under the V8 flags `npm start` gives
 * the server on PostgreSQL: its Node CPU counts the job alone, not this process's other work.
 */
async function jobDayInProcess(input: EarningDayInput): Promise<EarningDayReport> {
  const entry = path.join(path.dirname(fileURLToPath(import.meta.url)), 'earningDay.ts');
  const child = spawn(process.execPath, [...startFlagsOnPostgres(), '--import', 'tsx', entry, JSON.stringify(input)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the job's day exited with ${code}: ${out}`);
  return JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as EarningDayReport;
}

const job = await freshDatabase(CLIENTS + 2);
const bare = await freshDatabase(2);
try {
  await seed(job.db);
  await seed(bare.db);
  await makeSystemShards(bare.db);
  if (process.env.BENCH_JOB_SQL) await job.db.execute(sql.raw(readFileSync(process.env.BENCH_JOB_SQL, 'utf8')));
  const config = createConfigService(job.db, 'http://bench');
  await config.set('PLATFORM_TIME_ZONE', 'UTC');
  const [held] = await queryRows<{ n: number }>(job.db, sql`select count(*)::int as n from power_holdings`);

  // The days before the first are marked run, so each run below pays exactly one day.
  await runDailyEarnings(job.db, { now: () => new Date(`${FIRST}T00:00:01Z`) }, config, DAILY_STEPS);
  const selfConfig = SELF ? createConfigService(bare.db, 'http://bench') : undefined;
  if (selfConfig) {
    await selfConfig.set('PLATFORM_TIME_ZONE', 'UTC');
    await runDailyEarnings(bare.db, { now: () => new Date(`${FIRST}T00:00:01Z`) }, selfConfig, DAILY_STEPS);
  }
  const chunkMs: number[] = [];
  const stepMs = new Map<string, number>();
  const onChunk = (step: string, ms: number) => {
    chunkMs.push(ms);
    stepMs.set(step, (stepMs.get(step) ?? 0) + ms);
  };
  const runJob = async (run: number) => {
    const day = await jobDayInProcess({ url: job.url, at: atOf(run).toISOString(), chunk: CHUNK, pause: PAUSE });
    for (const [step, ms] of day.chunks) onChunk(step, ms);
    return day;
  };
  // Each power step's chunks against its bare statement: where the job's extra time goes.
  const POWER_STEPS = ['power-income', 'power-fee', 'power-maturity'];
  /** BENCH_SELF's second side: the job on the second database, its power steps' ms as payDayBare gives them. */
  const payDayByJob = async (db: Database, dayConfig: ConfigService, run: number): Promise<number[]> => {
    const ms = new Map<string, number>();
    const onStep = (step: string, chunk: number) => ms.set(step, (ms.get(step) ?? 0) + chunk);
    await runDailyEarnings(db, { now: () => atOf(run) }, dayConfig, DAILY_STEPS, { chunkSize: CHUNK, onChunk: onStep });
    return POWER_STEPS.map((name) => ms.get(name) ?? 0);
  };
  const runBare = async (run: number) => {
    await warm(bare.db);
    const pgBefore = await databaseCpu(bare.db);
    const t = performance.now();
    const steps = selfConfig ? await payDayByJob(bare.db, selfConfig, run) : await payDayBare(bare.db, dayOf(run), atOf(run));
    const ms = performance.now() - t;
    return { ms, steps, pgCpuMs: cpuSpentMs(pgBefore, await databaseCpu(bare.db)) };
  };
  const stepRatios = (bareSteps: number[]) =>
    Object.fromEntries(POWER_STEPS.map((name, i) => [name, Number(((stepMs.get(name) ?? 0) / (bareSteps[i] ?? 1)).toFixed(2))]));

  const days = [];
  for (let run = 0; run < RUNS; run++) {
    chunkMs.length = 0;
    stepMs.clear();
    const jobFirst = run % 2 === 0;
    await settle(job.db, bare.db);
    const bareBefore = jobFirst ? undefined : await runBare(run);
    if (!jobFirst) await settle(job.db, bare.db);
    await warm(job.db);
    const paid = await runJob(run);
    if (jobFirst) await settle(job.db, bare.db);
    const { ms: bareMs, steps: bareSteps, pgCpuMs: barePgCpuMs } = bareBefore ?? (await runBare(run));
    const [a, b] = [await balancesDigest(job.db), await balancesDigest(bare.db)];
    const day = {
      day: dayOf(run),
      first: jobFirst ? 'job' : 'bare',
      jobMs: Math.round(paid.ms),
      bareMs: Math.round(bareMs),
      ratio: Number((paid.ms / bareMs).toFixed(2)),
      stepRatios: stepRatios(bareSteps),
      // PostgreSQL's CPU (its backends for the database) against the bare SQL's: steadier than the wall.
      pgCpuMs: Math.round(paid.pgCpuMs),
      barePgCpuMs: Math.round(barePgCpuMs),
      pgCpuRatio: Number((paid.pgCpuMs / barePgCpuMs).toFixed(2)),
      otherStepsMs: Math.round(paid.ms - POWER_STEPS.reduce((sum, name) => sum + (stepMs.get(name) ?? 0), 0)),
      nodeCpuMs: Math.round(paid.cpuMs),
      longestChunkMs: Math.round(Math.max(...chunkMs)),
      rows: paid.rows,
      sameBalances: a === b,
    };
    if (a !== b) console.log('balances differ', { job: a, bare: b });
    days.push(day);
    console.log('day', day);
  }
  const [writtenJob, writtenBare] = [await writtenDigest(job.db), await writtenDigest(bare.db)];
  console.log(`daily earning job vs bare SQL, ${held?.n} holdings of ${USERS} users, chunks of ${CHUNK}`, {
    days: RUNS,
    medianJobMs: median(days.map((d) => d.jobMs)),
    medianBareMs: median(days.map((d) => d.bareMs)),
    medianRatio: median(days.map((d) => d.ratio)),
    ratios: days.map((d) => d.ratio),
    medianPgCpuRatio: median(days.map((d) => d.pgCpuRatio)),
    pgCpuRatios: days.map((d) => d.pgCpuRatio),
    // Split by which went first: a gap between the two is an order effect the settling missed.
    medianRatioJobFirst: median(days.filter((d) => d.first === 'job').map((d) => d.ratio)),
    medianRatioBareFirst: median(days.filter((d) => d.first === 'bare').map((d) => d.ratio)),
    settled: SETTLE,
    warmed: WARM,
    medianNodeCpuMsPerDay: median(days.map((d) => d.nodeCpuMs)),
    longestChunkMs: Math.max(...days.map((d) => d.longestChunkMs)),
    sameBalancesEveryDay: days.every((d) => d.sameBalances),
    sameRowsWritten: writtenJob === writtenBare ? writtenJob : { job: writtenJob, bare: writtenBare },
  });

  // Exchanges on the job's database: outside the job (as long as a day took), then while it pays a day, in turn.
  const outside: number[] = [];
  const during: number[] = [];
  const loadedJobMs: number[] = [];
  const windowMs = median(days.map((d) => d.jobMs));
  for (let i = 0; i < LOADED_RUNS; i++) {
    outside.push(...(await exchangesDuring(job.db, new Promise((resolve) => setTimeout(resolve, windowMs)))));
    const paying = runJob(RUNS + i);
    during.push(...(await exchangesDuring(job.db, paying)));
    loadedJobMs.push(Math.round((await paying).ms));
  }
  console.log(`exchanges by ${CLIENTS} clients through the wallet service`, {
    outside: { n: outside.length, medianMs: median(outside).toFixed(1), p99Ms: p99(outside).toFixed(1) },
    duringJob: { n: during.length, medianMs: median(during).toFixed(1), p99Ms: p99(during).toFixed(1) },
    p99Ratio: Number((p99(during) / p99(outside)).toFixed(2)),
    // The pacer (EARNING_BUSY_PAUSE) lengthens a day paid while they exchange: against the days paid alone.
    busyPause: PAUSE,
    jobMsWhileExchanging: loadedJobMs,
    jobMsAlone: windowMs,
  });
  const ledger = await checkLedgerAndBets(job.db);
  const power = await checkPower(job.db);
  const ledgerBare = await checkLedgerAndBets(bare.db);
  console.log('ledger check', ledger.ok ? 'ok' : ledger, 'power invariants', power.length === 0 ? 'ok' : power);
  console.log('ledger check (bare)', ledgerBare.ok ? 'ok' : ledgerBare);
  console.log('machine', machine());
} finally {
  if (process.env.BENCH_KEEP) console.log('kept', job.url, bare.url);
  else await Promise.all([job.drop(), bare.drop()]);
}
