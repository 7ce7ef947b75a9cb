import { describe, expect, it } from 'vitest';
import { lagOf, parseLsn, rememberSample, replicaFor, replicaName, withinBound } from './replicaPolicy';
import { freshSample } from './replicas';

describe('parseLsn', () => {
  it('reads the two 32-bit halves of an LSN', () => {
    expect(parseLsn('0/0')).toBe(0n);
    expect(parseLsn('0/16B3748')).toBe(0x16b3748n);
    expect(parseLsn('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
    expect(() => parseLsn('16B374D848')).toThrow();
  });
});

describe('lagOf: how far behind a replica is', () => {
  const history = [
    { lsn: 100n, at: 1_000 },
    { lsn: 200n, at: 2_000 },
    { lsn: 300n, at: 3_000 },
  ];
  const replaying = (replayLsn: bigint | null) => ({ inRecovery: true, replayLsn });

  it('is 0 when the replica has replayed the last position sampled, however long the primary has been idle', () => {
    expect(lagOf(history, replaying(300n), 3_010)).toEqual({ lagMs: 0, lagBytes: 0 });
    expect(lagOf(history, replaying(300n), 60_000)).toEqual({ lagMs: 0, lagBytes: 0 });
  });

  it('is bounded by the newest sample it has replayed, and grows while its replay stands still', () => {
    expect(lagOf(history, replaying(250n), 3_010)).toEqual({ lagMs: 1_010, lagBytes: 50 });
    expect(lagOf(history, replaying(250n), 4_000)).toEqual({ lagMs: 2_000, lagBytes: 50 });
    expect(lagOf(history, replaying(100n), 3_500)).toEqual({ lagMs: 2_500, lagBytes: 200 });
  });

  it('is unknown when the replica is behind every sample (not proven near), or has replayed nothing', () => {
    expect(lagOf(history, replaying(50n), 3_010)).toEqual({ lagMs: null, lagBytes: 250 });
    expect(lagOf(history, replaying(null), 3_010)).toEqual({ lagMs: null, lagBytes: null });
    expect(lagOf([], replaying(50n), 3_010)).toEqual({ lagMs: null, lagBytes: null });
  });

  it('is 0 for a server out of recovery: promoted, or the primary itself', () => {
    expect(lagOf(history, { inRecovery: false, replayLsn: 10n }, 9_000)).toEqual({ lagMs: 0, lagBytes: 0 });
    expect(lagOf([], { inRecovery: false, replayLsn: null }, 9_000)).toEqual({ lagMs: 0, lagBytes: 0 });
  });
});

describe('withinBound: which replicas serve reads', () => {
  it('takes a replica proven within the bound, and skips one further behind or of unknown lag', () => {
    expect(withinBound({ lagMs: 0, lagBytes: 0 }, 2_000)).toBe(true);
    expect(withinBound({ lagMs: 2_000, lagBytes: 10 }, 2_000)).toBe(true);
    expect(withinBound({ lagMs: 2_001, lagBytes: 10 }, 2_000)).toBe(false);
    expect(withinBound({ lagMs: null, lagBytes: null }, 2_000)).toBe(false);
  });
});

describe('rememberSample', () => {
  it('keeps the samples that can still judge the bound, oldest first', () => {
    let history = rememberSample([], { lsn: 1n, at: 0 }, 2_000);
    history = rememberSample(history, { lsn: 2n, at: 5_000 }, 2_000);
    history = rememberSample(history, { lsn: 3n, at: 7_500 }, 2_000);
    expect(history.map((s) => s.lsn)).toEqual([2n, 3n]);
  });
});

describe('replicaFor', () => {
  it('keeps one player on one replica, and answers none (the primary) without a healthy one', () => {
    const replicas = ['a', 'b', 'c'];
    expect(replicaFor(replicas, 7)).toBe(replicaFor(replicas, 7));
    expect(new Set([0, 1, 2].map((key) => replicaFor(replicas, key)))).toEqual(new Set(replicas));
    expect(replicaFor([], 7)).toBeUndefined();
  });
});

describe('replicaName', () => {
  it('names a replica by host and port, never with its password', () => {
    expect(replicaName('postgres://reader:s3cret@10.0.0.5:5433/prism')).toBe('10.0.0.5:5433');
    expect(replicaName('postgres://reader:s3cret@db-replica/prism')).toBe('db-replica:5432');
  });
});

describe('freshSample: coalesced, never older than the call', () => {
  it('shares one read among callers arriving while it is queued, and never hands a caller a read started before it', async () => {
    const releases: (() => void)[] = [];
    let started = 0;
    const sample = freshSample(
      () =>
        new Promise<number>((resolve) => {
          const n = ++started;
          releases.push(() => resolve(n));
        }),
    );
    const first = sample();
    // Arrive while read 1 is in flight: it may have run before their writes, so they share read 2.
    const second = sample();
    const third = sample();
    expect(started).toBe(1);
    releases[0]?.();
    expect(await first).toBe(1);
    await Promise.resolve();
    expect(started).toBe(2);
    releases[1]?.();
    expect(await second).toBe(2);
    expect(await third).toBe(2);
  });

  it('passes a failed read to its callers, and the next caller starts afresh', async () => {
    let calls = 0;
    const sample = freshSample(async () => {
      calls++;
      if (calls === 1) throw new Error('primary away');
      return calls;
    });
    await expect(sample()).rejects.toThrow('primary away');
    expect(await sample()).toBe(2);
  });
});
