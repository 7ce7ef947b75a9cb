import cluster, { type Worker } from 'node:cluster';
import os from 'node:os';
import type { Logger } from './logger';

/**
 * `WORKERS=auto|N`: N core worker processes behind one port (node:cluster; the
 * primary accepts connections and hands them round-robin to the workers). Each
 * worker is a whole core process: its own database pool, the migrations under
 * their advisory lock, and the singletons (bot polling, schedulers) under
 * runAsLeader, so exactly one worker runs each. On PGlite only one process can
 * open the database, so it is always one.
 */
export function workerCount(setting: string, embedded: boolean): number {
  if (embedded) return 1;
  if (setting === 'auto') return Math.max(1, os.availableParallelism());
  return Math.max(1, Number.parseInt(setting, 10) || 1);
}

/** Whether this process should fork the workers instead of serving. */
export function isClusterPrimary(count: number): boolean {
  return count > 1 && cluster.isPrimary;
}

/** Which worker this is (1..N) when clustered, else undefined. */
export function workerId(): number | undefined {
  return cluster.isWorker ? cluster.worker?.id : undefined;
}

/** A worker that dies is replaced, at most this often (a worker failing at start must not spin). */
const RESPAWN_DELAY_MS = 1_000;

/** The primary: forks `count` workers, replaces any that die, and stops them all on SIGINT/SIGTERM. */
export function runPrimary(count: number, logger: Logger): void {
  let stopping = false;
  const spawnOne = () => {
    const worker = cluster.fork();
    worker.on('exit', (code, signal) => {
      if (stopping) return;
      logger.error({ worker: worker.id, code, signal }, 'core worker exited; starting another');
      setTimeout(spawnOne, RESPAWN_DELAY_MS).unref();
    });
  };
  for (let i = 0; i < count; i++) spawnOne();
  logger.info({ workers: count }, 'core workers started');
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
    let left = workers.length;
    let failed = false;
    if (left === 0) process.exit(0);
    for (const worker of workers) {
      worker.once('exit', (code) => {
        failed ||= code !== 0;
        if (--left === 0) process.exit(failed ? 1 : 0);
      });
      worker.process.kill(signal);
    }
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}
