import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freshDatabase, machine } from './support';

/**
 * `npm run bench -- startup`: `npm start` from nothing to ready on the embedded
 * database (a fresh data folder: PGlite created, migrated, seeded), again with
 * the data in place, and the core process's memory (RSS) when idle; then `npm start`
 * on PostgreSQL (DATABASE_URL, one worker). Each second start reads its idle RSS after
 * 5 s and after BENCH_IDLE_S seconds (default 60; a list such as 60,600,3600 reads each
 * mark of one start). BENCH_PART=embedded or postgres runs one half, and BENCH_PORT
 * (default 3917) lets both halves run at once for an hour-long curve.
 */
const PORT = Number(process.env.BENCH_PORT ?? 3917);
const PART = process.env.BENCH_PART ?? 'all';
/** Idle marks in seconds after the start, e.g. BENCH_IDLE_S=60,600,900 for a curve over 15 minutes (one start). */
const IDLE_S = (process.env.BENCH_IDLE_S ?? '60')
  .split(',')
  .map(Number)
  .filter((s) => s > 5)
  .sort((a, b) => a - b);

function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Started {
  ms: number;
  /** RSS of the core process now, in MB. */
  rssMb: () => number;
  stop: () => Promise<void>;
}

async function start(env: Record<string, string>): Promise<Started> {
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: { ...process.env, PORT: String(PORT), LOG_LEVEL: 'warn', ...env },
    stdio: 'ignore',
  });
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/core/health`)).ok) break;
    } catch {
      // not yet
    }
    await sleep(50);
  }
  const ms = Math.round(performance.now() - started);
  // start.mjs runs core as its child: measure that process.
  const core = Number(readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim().split(/\s+/)[0]);
  return {
    ms,
    rssMb: () => rssOf(core || (child.pid as number)),
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The running process's RSS after 5 s idle and at each mark of IDLE_S (seconds from its start), MB. */
async function idleCurve(running: Started): Promise<Record<string, number>> {
  const began = Date.now();
  await sleep(5_000);
  const figures: Record<string, number> = { idleRssMbAfter5s: running.rssMb() };
  for (const mark of IDLE_S) {
    await sleep(Math.max(0, began + mark * 1000 - Date.now()));
    figures[`idleRssMbAfter${mark}s`] = running.rssMb();
  }
  return figures;
}

/** Starts, waits 5 s idle (or the whole curve), reads RSS, stops. */
async function embedded(dataDir: string, curve: boolean): Promise<Record<string, number>> {
  const running = await start({ DATA_DIR: dataDir });
  let figures: Record<string, number>;
  if (curve) figures = await idleCurve(running);
  else {
    await sleep(5_000);
    figures = { idleRssMbAfter5s: running.rssMb() };
  }
  await running.stop();
  return { readyMs: running.ms, ...figures };
}

async function postgres(): Promise<Record<string, number>> {
  const db = await freshDatabase(2);
  try {
    const running = await start({ DATABASE_URL: db.url, WORKERS: '1', JWT_SECRET: 'startup-bench-secret-0123456789abcdef' });
    const figures = { readyMs: running.ms, ...(await idleCurve(running)) };
    await running.stop();
    return figures;
  } finally {
    await db.drop();
  }
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'prism-startup-'));
try {
  const cold = PART === 'postgres' ? undefined : await embedded(path.join(dataDir, 'data'), false);
  const warm = PART === 'postgres' ? undefined : await embedded(path.join(dataDir, 'data'), true);
  const onPostgres = PART === 'embedded' ? undefined : await postgres();
  console.log(
    JSON.stringify(
      {
        benchmark: 'startup',
        machine: machine(),
        loadAverage: os.loadavg().map((l) => Math.round(l * 10) / 10),
        note: 'web app already built (npm start builds it first when stale)',
        embedded: cold && warm ? { coldStartMs: cold.readyMs, coldIdleRssMb: cold.idleRssMbAfter5s, warm } : undefined,
        postgres: onPostgres,
      },
      null,
      2,
    ),
  );
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
