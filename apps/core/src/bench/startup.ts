import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { machine } from './support';

/**
 * `npm run bench -- startup`: `npm start` from nothing to ready on the embedded
 * database (a fresh data folder: PGlite created, migrated, seeded), again with
 * the data in place, and the core process's memory (RSS) when idle.
 */
const PORT = 3917;

function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

async function start(dataDir: string): Promise<{ ms: number; rssMb: number; stop: () => Promise<void> }> {
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/core/health`)).ok) break;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const ms = Math.round(performance.now() - started);
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  // start.mjs runs core as its child: measure that process.
  const core = Number(readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim().split(/\s+/)[0]);
  return {
    ms,
    rssMb: rssOf(core || (child.pid as number)),
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'prism-startup-'));
try {
  const cold = await start(path.join(dataDir, 'data'));
  await cold.stop();
  const warm = await start(path.join(dataDir, 'data'));
  await warm.stop();
  console.log(
    JSON.stringify(
      {
        benchmark: 'startup',
        machine: machine(),
        note: 'web app already built (npm start builds it first when stale)',
        coldStartMs: cold.ms,
        warmStartMs: warm.ms,
        coldIdleRssMb: cold.rssMb,
        idleRssMb: warm.rssMb,
      },
      null,
      2,
    ),
  );
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
