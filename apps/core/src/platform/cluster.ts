import cluster, { type Worker } from 'node:cluster';
import os from 'node:os';
import { serveClusterMetrics } from './clusterMetrics';
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

/**
 * The primary: forks `count` workers, replaces any that die, and when `stopRequested` comes
 * forwards that signal to every worker and exits once all have: 0 when each stopped cleanly.
 * A worker usually gets the signal twice (from the process group and from here): main.ts's
 * listenForStop makes the repeat harmless. A worker that has not listened yet installed no
 * handler and opened nothing, so the signal ending it is a clean stop too; any other end (a
 * non-zero code, another signal, SIGKILL) makes the exit 1.
 */
export function runPrimary(count: number, logger: Logger, stopRequested: Promise<NodeJS.Signals>): void {
  const live = new Set<Worker>();
  /** Workers that ended badly and are not replaced yet: a stop in that window is not clean. */
  const lost = new Set<Worker>();
  let stopSignal: NodeJS.Signals | undefined;
  let failed = false;
  const finish = () => {
    if (stopSignal && live.size === 0) process.exit(failed || lost.size > 0 ? 1 : 0);
  };
  const spawnOne = (replacing?: Worker) => {
    if (replacing) lost.delete(replacing);
    if (stopSignal) return;
    const worker = cluster.fork();
    live.add(worker);
    let listened = false;
    worker.once('listening', () => {
      listened = true;
    });
    worker.on('exit', (code, signal) => {
      live.delete(worker);
      const clean = code === 0 || (signal !== null && signal === stopSignal && !listened);
      if (stopSignal) {
        failed ||= !clean;
        logger[clean ? 'info' : 'error']({ worker: worker.id, code, signal }, 'core worker stopped');
        return finish();
      }
      // Not stopping (yet): a crash, or a signal to this worker alone (or to the group, just before ours).
      if (!clean) lost.add(worker);
      logger[clean ? 'warn' : 'error']({ worker: worker.id, code, signal }, 'core worker exited; starting another');
      // Not unref'd: with every worker gone, the pending replacement is what keeps the primary alive.
      setTimeout(() => spawnOne(worker), RESPAWN_DELAY_MS);
    });
  };
  for (let i = 0; i < count; i++) spawnOne();
  serveClusterMetrics(() => live);
  logger.info({ workers: count }, 'core workers started');
  void stopRequested.then((signal) => {
    stopSignal = signal;
    logger.info({ signal, workers: live.size }, 'stopping core workers');
    for (const worker of live) worker.process.kill(signal);
    finish();
  });
}
