import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createEmptyPostgresDatabase } from '../testing';
import { createLeadership, type Leadership } from './leader';
import { silentLogger } from './logger';

const CHECK_MS = 100;
/** How long a hand-over may take in these tests: many checks, so a busy machine does not fail them. */
const SETTLE_MS = CHECK_MS * 50;
let database: { url: string; drop(): Promise<void> } | undefined;
const elections: Leadership[] = [];

afterEach(async () => {
  await Promise.all(elections.splice(0).map((election) => election.stop()));
  await database?.drop();
  database = undefined;
});

/** A process's leader election with one job whose running state the test can see. */
async function contender(url: string) {
  const state = { running: false, starts: 0, stops: 0, changes: [] as string[] };
  const election = createLeadership({
    url,
    logger: silentLogger,
    checkMs: CHECK_MS,
    onChange: (job, held) => void state.changes.push(`${job} ${held}`),
  });
  elections.push(election);
  await election.runAsLeader(
    'polling',
    () => {
      state.running = true;
      state.starts += 1;
    },
    () => {
      state.running = false;
      state.stops += 1;
    },
  );
  return { election, state };
}

const waitUntil = async (condition: () => boolean, ms: number): Promise<number> => {
  const began = Date.now();
  while (!condition()) {
    if (Date.now() - began > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return Date.now() - began;
};

describe('leader election on PostgreSQL', () => {
  it('runs a job in exactly one of several processes, and hands it over when the leader stops', async () => {
    database = await createEmptyPostgresDatabase();
    const contenders = [await contender(database.url), await contender(database.url), await contender(database.url)];
    await new Promise((resolve) => setTimeout(resolve, CHECK_MS * 4)); // several rounds of take-over attempts
    expect(contenders.filter((c) => c.state.running)).toHaveLength(1);
    expect(contenders[0]?.state.running).toBe(true); // the first to ask got it

    await contenders[0]?.election.stop();
    expect(contenders[0]?.state).toMatchObject({ running: false, stops: 1 });
    await waitUntil(() => contenders.some((c) => c.state.running), SETTLE_MS);
    await new Promise((resolve) => setTimeout(resolve, CHECK_MS * 3));
    expect(contenders.filter((c) => c.state.running)).toHaveLength(1);
    expect(contenders.reduce((sum, c) => sum + c.state.starts, 0)).toBe(2);
    // The metrics hear of it: the first leader took and gave up the job, one follower took it.
    expect(contenders[0]?.state.changes).toEqual(['polling false', 'polling true', 'polling false']);
    expect(contenders.filter((c) => c.state.changes.includes('polling true'))).toHaveLength(2);
  });

  it('a leader whose database connection is cut stops the job; another process takes it over', async () => {
    database = await createEmptyPostgresDatabase();
    const leader = await contender(database.url);
    const follower = await contender(database.url);
    expect([leader.state.running, follower.state.running]).toEqual([true, false]);

    // Cut the leader's lock connection, as a network failure or a database restart would.
    const admin = new pg.Client({ connectionString: database.url });
    admin.on('error', () => undefined); // dropping the database at the end cuts it too
    await admin.connect();
    const holder = await admin.query<{ pid: number }>(
      `select pid from pg_locks where locktype = 'advisory' and granted and classid = 720411
         and database = (select oid from pg_database where datname = current_database())`,
    );
    expect(holder.rows).toHaveLength(1);
    await admin.query('select pg_terminate_backend($1)', [holder.rows[0]?.pid]);
    await admin.end();

    // The leader reacts to the connection's error event at once: it stops the job. It may take the
    // lock back at once on a new connection (the lock died with the old one), so the test waits for
    // the stop itself, not for a moment when nobody runs, which can be too short to observe.
    await waitUntil(() => leader.state.stops > 0, SETTLE_MS);
    await waitUntil(() => leader.state.running || follower.state.running, SETTLE_MS);
    await new Promise((resolve) => setTimeout(resolve, CHECK_MS * 3));
    expect([leader.state.running, follower.state.running].filter(Boolean)).toHaveLength(1);
  });
});
