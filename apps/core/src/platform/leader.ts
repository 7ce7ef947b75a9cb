import pg from 'pg';
import type { Logger } from './logger';

/**
 * Work that must run in exactly one process at a time (Telegram long polling:
 * Telegram answers 409 Conflict to a second getUpdates caller). On PostgreSQL
 * each job is guarded by a session-level advisory lock held on one dedicated
 * connection per process: whoever holds the lock runs the job. The lock dies
 * with its connection, so when the leader's process dies (or its connection
 * does) another process takes the job over at its next attempt. On PGlite only
 * one process can open the database, so that process is trivially the leader.
 */
export interface Leadership {
  /**
   * Runs `start` while this process holds the lock of `name`, and `stop` when
   * it gives the lock up (shutdown) or loses it (connection lost). Resolves
   * once the first attempt to take the lock is done.
   */
  runAsLeader(name: string, start: () => Promise<void> | void, stop: () => Promise<void> | void): Promise<void>;
  /** The jobs this process runs now. */
  held(): string[];
  /** Stops every job this process runs, then releases its locks. */
  stop(): Promise<void>;
}

export interface LeadershipOptions {
  /** postgres://…; without it (PGlite) this process is always the leader. */
  url?: string | undefined;
  logger: Logger;
  /** How often a follower tries to take over and the leader checks its connection (ms). */
  checkMs: number;
  /**
   * Told when this process takes (true) or gives up (false) a job, and of each job as it is
   * registered (false): the metrics' leader series (platform/metrics.ts).
   */
  onChange?: (job: string, held: boolean) => void;
}

interface Job {
  name: string;
  key: number;
  start: () => Promise<void> | void;
  stop: () => Promise<void> | void;
  running: boolean;
}

/** Advisory locks of singletons use this class id with a hash of the job's name (two-int lock space). */
const LEADER_LOCK_CLASS = 720_411;

/** A stable 32-bit hash (FNV-1a) of a job name, the second half of its advisory lock key. */
export function lockKeyOf(name: string): number {
  let hash = 0x811c9dc5;
  for (const char of Buffer.from(name, 'utf8')) {
    hash ^= char;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}

export function createLeadership(options: LeadershipOptions): Leadership {
  return options.url ? postgresLeadership({ ...options, url: options.url }) : soleLeadership(options);
}

/** PGlite: this process owns the database, so it runs every job. */
function soleLeadership({ logger, onChange }: LeadershipOptions): Leadership {
  const jobs: Job[] = [];
  return {
    async runAsLeader(name, start, stop) {
      const job: Job = { name, key: 0, start, stop, running: false };
      jobs.push(job);
      onChange?.(name, false);
      try {
        await start();
        job.running = true;
        onChange?.(name, true);
        logger.info({ job: name }, 'running singleton job (sole process)');
      } catch (error) {
        logger.error({ err: error, job: name }, 'starting a singleton job failed');
      }
    },
    held: () => jobs.filter((job) => job.running).map((job) => job.name),
    async stop() {
      for (const job of jobs.filter((j) => j.running).reverse()) {
        job.running = false;
        onChange?.(job.name, false);
        await stopJob(job, logger);
      }
    },
  };
}

async function stopJob(job: Job, logger: Logger): Promise<void> {
  try {
    await job.stop();
  } catch (error) {
    logger.warn({ err: error, job: job.name }, 'stopping a singleton job failed');
  }
}

/** One process's election state on PostgreSQL: its lock connection and the jobs it runs or waits for. */
interface Election {
  options: LeadershipOptions & { url: string };
  jobs: Job[];
  client: pg.Client | undefined;
  broken: boolean;
  stopped: boolean;
  /** Every step runs on one chain: a check, a take-over and a shutdown never interleave. */
  serial(step: () => Promise<void>): Promise<void>;
}

async function connect(election: Election): Promise<pg.Client> {
  const { options } = election;
  const next = new pg.Client({
    connectionString: options.url,
    application_name: 'prism-leader',
    keepAlive: true,
    connectionTimeoutMillis: Math.max(2_000, options.checkMs * 2),
    query_timeout: Math.max(2_000, options.checkMs * 2),
  });
  const lost = () => {
    if (election.client !== next) return;
    election.broken = true;
    void election.serial(() => check(election)); // give the jobs up now, not at the next check
  };
  next.on('error', lost);
  next.on('end', lost);
  try {
    await next.connect();
    // The server notices a vanished leader host by TCP keepalive (~15 s here) and then frees its locks.
    await next.query('set tcp_keepalives_idle = 5; set tcp_keepalives_interval = 2; set tcp_keepalives_count = 5');
  } catch (error) {
    void next.end().catch(() => undefined);
    throw error;
  }
  return next;
}

/** The connection died: its locks are gone (or soon will be), so no job may go on here. */
async function giveUp(election: Election): Promise<void> {
  const { logger } = election.options;
  const dead = election.client;
  election.client = undefined;
  election.broken = false;
  void dead?.end().catch(() => undefined);
  for (const job of election.jobs.filter((j) => j.running)) {
    job.running = false;
    election.options.onChange?.(job.name, false);
    logger.warn({ job: job.name }, 'lost the leader lock (database connection lost); stopping the job here');
    await stopJob(job, logger);
  }
}

/** Takes the job's lock if free and starts the job; a failed start lets the lock go, to retry later. */
async function tryLead(election: Election, client: pg.Client, job: Job): Promise<void> {
  const { logger } = election.options;
  const { rows } = await client.query<{ got: boolean }>('select pg_try_advisory_lock($1, $2) as got', [LEADER_LOCK_CLASS, job.key]);
  if (!rows[0]?.got) return;
  job.running = true;
  try {
    await job.start();
    election.options.onChange?.(job.name, true);
    logger.info({ job: job.name }, 'became the leader: running singleton job');
  } catch (error) {
    job.running = false;
    logger.error({ err: error, job: job.name }, 'starting a singleton job failed; will retry');
    await client.query('select pg_advisory_unlock($1, $2)', [LEADER_LOCK_CLASS, job.key]).catch(() => undefined);
  }
}

/** The lock connection, opened if needed; undefined while the database cannot be reached. */
async function lockConnection(election: Election): Promise<pg.Client | undefined> {
  try {
    election.client ??= await connect(election);
    return election.client;
  } catch (error) {
    election.options.logger.debug({ err: error }, 'leader election: database not reachable');
    election.client = undefined;
    return undefined;
  }
}

async function check(election: Election): Promise<void> {
  if (election.stopped) return;
  const current = election.client;
  if (current && !election.broken) {
    // A silent network loss shows up here, within checkMs plus the query timeout.
    await current.query('select 1').catch(() => {
      election.broken = true;
    });
  }
  if (election.broken) await giveUp(election);
  if (!election.jobs.some((job) => !job.running)) return;
  const client = await lockConnection(election);
  if (!client) return;
  for (const job of election.jobs.filter((j) => !j.running)) {
    if (election.stopped || election.broken) return;
    await tryLead(election, client, job);
  }
}

/** Stops the jobs before the locks go, so a follower never overlaps with a job still stopping here. */
async function resign(election: Election): Promise<void> {
  election.stopped = true;
  for (const job of election.jobs.filter((j) => j.running).reverse()) {
    job.running = false;
    election.options.onChange?.(job.name, false);
    await stopJob(job, election.options.logger);
  }
  const last = election.client;
  election.client = undefined;
  await last?.end().catch(() => undefined);
}

function postgresLeadership(options: LeadershipOptions & { url: string }): Leadership {
  let chain: Promise<void> = Promise.resolve();
  const election: Election = {
    options,
    jobs: [],
    client: undefined,
    broken: false,
    stopped: false,
    serial(step) {
      chain = chain.then(step, step).catch((error: unknown) => options.logger.warn({ err: error }, 'leader election step failed'));
      return chain;
    },
  };
  const timer = setInterval(() => void election.serial(() => check(election)), options.checkMs);
  timer.unref();

  return {
    runAsLeader(name, start, stop) {
      election.jobs.push({ name, key: lockKeyOf(name), start, stop, running: false });
      options.onChange?.(name, false);
      return election.serial(() => check(election));
    },
    held: () => election.jobs.filter((job) => job.running).map((job) => job.name),
    stop() {
      clearInterval(timer);
      return election.serial(() => resign(election));
    },
  };
}
