/**
 * One day of the daily earning job in a process of its own, as the server runs it: `npm run bench --
 * earning` starts this for each day it times (earning.ts, `jobDayInProcess`), so that the job's Node
 * CPU is measured in a process that does nothing else, with the server's V8 flags and as cold as a
 * once-a-day job is. (It came out about as in the bench's own process, 0.28-0.35 s a day on the
 * eleventh round's machine: the cost is the job's cold code and a wake-up a chunk, not the bench's
 * heap; docs/performance.md, "The daily earning job".)
 *
 * Input: one JSON argument ({ url, at, chunk, pause }). Output: one JSON line on stdout
 * (EarningDayReport). The pool's connections are opened before the measure, as a server's are.
 */
import { sql } from 'drizzle-orm';
import { DAILY_STEPS } from '../dailySteps';
import { openDatabase } from '../db/client';
import { createConfigService } from '../modules/config/service';
import { runDailyEarnings } from '../modules/earning/job';
import { busyPacer } from '../modules/earning/pace';
import { cpuSpentMs, databaseCpu } from './support';

export interface EarningDayInput {
  url: string;
  /** The job's clock: the day after the one it pays. */
  at: string;
  chunk: number;
  /** EARNING_BUSY_PAUSE as the bench sets it. */
  pause: number;
}

export interface EarningDayReport {
  ms: number;
  /** This process's CPU (every thread) while the job paid the day. */
  cpuMs: number;
  /** The CPU of the database's backends meanwhile. */
  pgCpuMs: number;
  /** Each chunk's step and time, in order. */
  chunks: [string, number][];
  rows: Record<string, number>;
}

const POOL = 3;

async function main(input: EarningDayInput): Promise<EarningDayReport> {
  const handle = await openDatabase({ url: input.url, poolSize: POOL });
  try {
    await Promise.all(Array.from({ length: POOL }, () => handle.db.execute(sql`select 1`)));
    const config = createConfigService(handle.db, 'http://bench');
    const chunks: [string, number][] = [];
    const pgBefore = await databaseCpu(handle.db);
    const cpu = process.cpuUsage();
    const started = performance.now();
    const results = await runDailyEarnings(handle.db, { now: () => new Date(input.at) }, config, DAILY_STEPS, {
      chunkSize: input.chunk,
      onChunk: (step, ms) => chunks.push([step, ms]),
      pace: busyPacer(handle.db, input.pause),
    });
    const ms = performance.now() - started;
    const used = process.cpuUsage(cpu);
    const pgCpuMs = cpuSpentMs(pgBefore, await databaseCpu(handle.db));
    return { ms, cpuMs: (used.user + used.system) / 1000, pgCpuMs, chunks, rows: Object.fromEntries(results.map((r) => [r.step, r.rows])) };
  } finally {
    await handle.close();
  }
}

process.stdout.write(`${JSON.stringify(await main(JSON.parse(process.argv[2] ?? '{}') as EarningDayInput))}\n`);
