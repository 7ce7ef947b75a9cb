/**
 * The pure rules of read routing (replicas.ts does the I/O): how far behind a streaming replica is,
 * whether it may serve reads, and which one serves a read. docs/scaling.md, "Read replicas".
 */

/** A PostgreSQL LSN ('16/B374D848') as a byte position in the WAL. */
export function parseLsn(text: string): bigint {
  const match = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/.exec(text);
  if (!match) throw new Error(`not an LSN: ${text}`);
  return (BigInt(`0x${match[1]}`) << 32n) | BigInt(`0x${match[2]}`);
}

/** The primary's WAL position (pg_current_wal_lsn()) and when it was read (ms). */
export interface LsnSample {
  lsn: bigint;
  at: number;
}

/** Samples are kept this much longer than the lag bound, so a replica further behind is still measured as such. */
const HISTORY_SLACK_MS = 5_000;
const HISTORY_MAX = 512;

/** The history with `sample` added, without samples older than needed to judge `maxLagMs` (oldest first). */
export function rememberSample(history: readonly LsnSample[], sample: LsnSample, maxLagMs: number): LsnSample[] {
  const oldest = sample.at - maxLagMs - HISTORY_SLACK_MS;
  const kept = history.filter((s) => s.at >= oldest && s.at <= sample.at);
  kept.push(sample);
  return kept.length > HISTORY_MAX ? kept.slice(kept.length - HISTORY_MAX) : kept;
}

/** What one check read on a replica: pg_is_in_recovery() and pg_last_wal_replay_lsn(). */
export interface ReplicaReading {
  inRecovery: boolean;
  replayLsn: bigint | null;
}

export interface Lag {
  /** How stale the replica's data may be, at most (ms): 0 when it has replayed everything the primary had at the last sample. */
  lagMs: number | null;
  /** WAL bytes the replica has still to replay, against the last sample of the primary. */
  lagBytes: number | null;
}

/**
 * How far behind a replica is, from its replay position and the primary's recent positions.
 * The replica holds everything the primary had at the newest sample whose LSN it has replayed, so
 * its data is at most (now − that sample's time) old: a bound precise to the check interval that
 * stays 0 while the primary is idle (nothing new to replay) and grows while replay is stuck. With
 * no sample replayed at all, the lag is unknown (null): not proven within any bound.
 * A replica out of recovery (promoted, or the primary itself) has nothing to replay: lag 0.
 */
export function lagOf(history: readonly LsnSample[], reading: ReplicaReading, now: number): Lag {
  if (!reading.inRecovery) return { lagMs: 0, lagBytes: 0 };
  const latest = history.at(-1);
  if (!latest || reading.replayLsn === null) return { lagMs: null, lagBytes: null };
  const replay = reading.replayLsn;
  const lagBytes = latest.lsn > replay ? Number(latest.lsn - replay) : 0;
  if (lagBytes === 0) return { lagMs: 0, lagBytes };
  for (let i = history.length - 1; i >= 0; i--) {
    const sample = history[i] as LsnSample;
    if (sample.lsn <= replay) return { lagMs: Math.max(0, now - sample.at), lagBytes };
  }
  return { lagMs: null, lagBytes };
}

/** A replica serves reads only when its lag is known and within the bound. */
export function withinBound(lag: Lag, maxLagMs: number): boolean {
  return lag.lagMs !== null && lag.lagMs <= maxLagMs;
}

/**
 * The replica for a read keyed by `key` (a player's id: the same player keeps to the same replica,
 * so one page of their history is never newer than the next), or undefined: read on the primary.
 */
export function replicaFor<T>(healthy: readonly T[], key: number): T | undefined {
  if (healthy.length === 0) return undefined;
  return healthy[Math.abs(Math.trunc(key)) % healthy.length];
}

/** host:port of a connection URL, without user or password: how a replica is named in health answers. */
export function replicaName(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '5432'}`;
  } catch {
    return 'replica';
  }
}
