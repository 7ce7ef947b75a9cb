import type pg from 'pg';
import { sleep } from '../platform/clock';
import { createPool, type Database, databaseOver, poolOf } from './client';
import { isConnectionLoss } from './errors';
import { type Lag, type LsnSample, lagOf, parseLsn, rememberSample, replicaFor, replicaName, withinBound } from './replicaPolicy';

/** One replica as health answers and metrics show it. */
export interface ReplicaStatus {
  /** host:port, never the user or password. */
  name: string;
  /** Serving reads: answering, and proven within DATABASE_REPLICA_MAX_LAG_MS of the primary. */
  healthy: boolean;
  lagMs: number | null;
  lagBytes: number | null;
  /** When it was last checked (ISO). */
  checkedAt: string;
}

/** Where reads go (docs/scaling.md, "Read replicas"). Without replicas every method answers the primary. */
export interface ReadRouter {
  /** A healthy replica within the lag bound (in turn), else the primary: for reads a few seconds of lag cannot mislead. */
  lagTolerant(): Database;
  /**
   * A replica that has replayed everything the primary had committed when this was called, else (not
   * caught up within DATABASE_REPLICA_WAIT_MS, or none healthy) the primary. `key` keeps one caller on one replica.
   */
  caughtUp(key?: number): Promise<Database>;
  /** caughtUp for a player's own records: their bet, recharge, withdrawal or exchange answered before is in them. */
  forUser(userId: number): Promise<Database>;
  status(): readonly ReplicaStatus[];
  /** Stops the checks and closes the replicas' pools. */
  stop(): Promise<void>;
}

/** What modules read with: they never see the replicas' health nor stop them. */
export type Reads = Pick<ReadRouter, 'lagTolerant' | 'caughtUp' | 'forUser'>;

const NO_REPLICAS: readonly ReplicaStatus[] = Object.freeze([]);

/** The reads a module was handed, or (none: tests, PGlite) every read on `primary`. Called once, when a service is built. */
export function readsOf(reads: Reads | undefined, primary: Database): Reads {
  return reads ?? primaryOnly(primary);
}

/** Every read on the primary, at no cost per read: no query, no allocation (the default, and PGlite's). */
export function primaryOnly(primary: Database): ReadRouter {
  const answered = Promise.resolve(primary);
  return {
    lagTolerant: () => primary,
    caughtUp: () => answered,
    forUser: () => answered,
    status: () => NO_REPLICAS,
    stop: async () => undefined,
  };
}

export interface ReadRouterOptions {
  primary: Database;
  /** DATABASE_REPLICA_URLS. */
  urls: readonly string[];
  /** DATABASE_STATEMENTS: a replica's pool sends named statements or not, as the primary's. */
  statements: 'named' | 'unnamed';
  maxLagMs: number;
  /** How often each replica's lag is measured (DATABASE_REPLICA_CHECK_MS). */
  checkMs: number;
  /** How long a read-your-writes read waits for a replica to catch up before it goes to the primary (DATABASE_REPLICA_WAIT_MS). */
  waitMs: number;
  poolSize: number;
  /** A check, or a connection, not answered in this long: the replica is down. Default 1000 ms. */
  timeoutMs?: number;
  /** A read on a replica not answered in this long fails over to the primary. Default 10 s. */
  readTimeoutMs?: number;
}

interface Replica {
  name: string;
  pool: pg.Pool;
  db: Database;
  /** The pool's own query, without the fall-back to the primary: the checks must see the replica fail. */
  raw: (text: string, timeoutMs: number) => Promise<Record<string, unknown>[]>;
  healthy: boolean;
  inRecovery: boolean;
  lag: Lag;
  /** The highest replay LSN seen (checks and read-your-writes polls). */
  replay: bigint;
  /** The replay-position query in flight, shared by every read waiting on this replica. */
  replayQuery?: Promise<void>;
  checkedAt: string;
}

const POLL_MS = 5;
export const REPLICA_APPLICATION_NAME = 'prism-replica-reads';

/**
 * Replicas from DATABASE_REPLICA_URLS, each with a small pool, measured every `checkMs` (a timer
 * that keeps no process alive); the first measurement is taken before this returns, so no read
 * goes to a replica not yet known to be near. No URLs: primaryOnly.
 */
export async function createReadRouter(options: ReadRouterOptions): Promise<ReadRouter> {
  const { primary, urls, maxLagMs, checkMs, waitMs } = options;
  if (urls.length === 0) return primaryOnly(primary);
  const primaryPool = poolOf(primary);
  if (!primaryPool) throw new Error('read replicas need PostgreSQL (DATABASE_URL)');
  const timeoutMs = options.timeoutMs ?? 1_000;
  const replicas = urls.map((url) => openReplica(url, primaryPool, options, timeoutMs));
  const primaryAnswered = primary;
  let healthy: Replica[] = [];
  let turn = 0;
  let history: LsnSample[] = [];
  let statuses: readonly ReplicaStatus[] = NO_REPLICAS;
  const primaryLsn = freshSample(async () => {
    // query_timeout is node-postgres's (client side), missing from its types' QueryConfig.
    const query = { text: 'select pg_current_wal_lsn()::text as lsn', query_timeout: timeoutMs } as pg.QueryConfig;
    const { rows } = await primaryPool.query<{ lsn: string }>(query);
    return parseLsn((rows[0] as { lsn: string }).lsn);
  });

  const check = async (): Promise<void> => {
    const at = Date.now();
    // The primary first: a replica that has replayed this position has everything committed before `at`.
    const lsn = await primaryLsn().catch(() => undefined);
    if (lsn !== undefined) history = rememberSample(history, { lsn, at }, maxLagMs);
    await Promise.all(replicas.map((replica) => measure(replica, history, maxLagMs, timeoutMs)));
    healthy = replicas.filter((replica) => replica.healthy);
    statuses = replicas.map(statusOf);
  };
  const loop = repeat(check, checkMs);
  await loop.first;

  const caughtUp = async (key = 0): Promise<Database> => {
    const replica = replicaFor(healthy, key);
    if (!replica) return primaryAnswered;
    // A promoted replica (or the primary itself) has nothing to replay.
    if (!replica.inRecovery) return replica.db;
    let target: bigint;
    try {
      target = await primaryLsn();
    } catch {
      return primaryAnswered;
    }
    return (await reached(replica, target, waitMs)) ? replica.db : primaryAnswered;
  };
  return {
    lagTolerant() {
      if (healthy.length === 0) return primaryAnswered;
      turn = (turn + 1) % healthy.length;
      return (healthy[turn] as Replica).db;
    },
    caughtUp,
    forUser: (userId) => caughtUp(userId),
    status: () => statuses,
    async stop() {
      await loop.stop();
      await Promise.all(replicas.map((replica) => replica.pool.end().catch(() => undefined)));
    },
  };
}

/** A replica's pool; a read it cannot answer (connection lost or refused, timed out) is marked down and answered by the primary. */
function openReplica(url: string, primaryPool: pg.Pool, options: ReadRouterOptions, timeoutMs: number): Replica {
  const pool = createPool({
    connectionString: url,
    max: options.poolSize,
    statements: options.statements,
    connectionTimeoutMillis: timeoutMs,
    query_timeout: options.readTimeoutMs ?? 10_000,
    keepAlive: true,
    // How an operator (and replicas.pg.test.ts) tells these connections in pg_stat_activity.
    application_name: REPLICA_APPLICATION_NAME,
  });
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  const replica: Replica = {
    name: replicaName(url),
    pool,
    db: databaseOver(pool),
    raw: async (text, queryTimeout) => ((await query({ text, query_timeout: queryTimeout })) as pg.QueryResult).rows,
    healthy: false,
    inRecovery: true,
    lag: { lagMs: null, lagBytes: null },
    replay: 0n,
    checkedAt: new Date().toISOString(),
  };
  const onPrimary = primaryPool.query.bind(primaryPool) as (...args: unknown[]) => Promise<unknown>;
  (pool as unknown as { query: (...args: unknown[]) => Promise<unknown> }).query = (...args: unknown[]) =>
    query(...args).catch((error: unknown) => {
      if (!unreachable(error)) throw error;
      replica.healthy = false;
      return onPrimary(...args);
    });
  // (pool.connect is left alone: the pool's own query calls it with a callback. A read-only snapshot
  // transaction cannot move to the primary half-way: on a replica lost under it, it answers 503, and the next check skips the replica.)
  return replica;
}

function unreachable(error: unknown): boolean {
  if (isConnectionLoss(error)) return true;
  const message = (error as { message?: unknown })?.message;
  return typeof message === 'string' && /timeout exceeded when trying to connect|Query read timeout|connection timeout/i.test(message);
}

/** One check of one replica: recovery state and replay position, against the primary's recent positions. */
async function measure(replica: Replica, history: readonly LsnSample[], maxLagMs: number, timeoutMs: number): Promise<void> {
  try {
    const [row] = await replica.raw('select pg_is_in_recovery() as recovery, pg_last_wal_replay_lsn()::text as replay', timeoutMs);
    const inRecovery = row?.recovery === true;
    const replayLsn = typeof row?.replay === 'string' ? parseLsn(row.replay) : null;
    if (replayLsn !== null && replayLsn > replica.replay) replica.replay = replayLsn;
    replica.inRecovery = inRecovery;
    replica.lag = lagOf(history, { inRecovery, replayLsn }, Date.now());
    replica.healthy = withinBound(replica.lag, maxLagMs);
  } catch {
    replica.healthy = false;
    replica.lag = { lagMs: null, lagBytes: null };
  }
  replica.checkedAt = new Date().toISOString();
}

const statusOf = (replica: Replica): ReplicaStatus => ({
  name: replica.name,
  healthy: replica.healthy,
  lagMs: replica.lag.lagMs,
  lagBytes: replica.lag.lagBytes,
  checkedAt: replica.checkedAt,
});

/** Polls the replica's replay position (one query at a time, shared by every waiting read) until it reaches `target` or `waitMs` passes. */
async function reached(replica: Replica, target: bigint, waitMs: number): Promise<boolean> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    if (replica.replay >= target) return true;
    const left = deadline - Date.now();
    if (!replica.healthy || left <= 0) return false;
    replica.replayQuery ??= replica
      .raw('select pg_last_wal_replay_lsn()::text as replay', Math.max(left, 50))
      .then((rows) => {
        const replay = rows[0]?.replay;
        if (typeof replay === 'string') replica.replay = maxOf(replica.replay, parseLsn(replay));
      })
      .finally(() => {
        replica.replayQuery = undefined;
      });
    try {
      await replica.replayQuery;
    } catch {
      return false;
    }
    if (replica.replay >= target) return true;
    await sleep(Math.min(POLL_MS, Math.max(0, deadline - Date.now())));
  }
}

const maxOf = (a: bigint, b: bigint) => (a > b ? a : b);

/**
 * `read`, coalesced, and never older than the call: a caller arriving while a read is in flight
 * (it may have been answered before the caller's own write was acknowledged) waits for the next
 * one, which every caller arriving meanwhile shares. At most one read in flight and one queued.
 */
export function freshSample<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  let queued: Promise<T> | undefined;
  const start = (): Promise<T> => {
    const started: Promise<T> = read().finally(() => {
      if (running === started) running = undefined;
    });
    running = started;
    return started;
  };
  const ignore = () => undefined;
  return () => {
    if (!running) return start();
    queued ??= running.then(ignore, ignore).then(() => {
      queued = undefined;
      return start();
    });
    return queued;
  };
}

/** Runs `work` now and then every `everyMs` after each run ends, on a timer that keeps no process alive. */
function repeat(work: () => Promise<void>, everyMs: number) {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = work()
      .catch(() => undefined)
      .then(() => {
        if (stopped) return;
        timer = setTimeout(run, everyMs);
        timer.unref();
      });
  };
  run();
  return {
    first: running,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
