import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase, queryRows } from './db/client';
import { type CoreProcess, createEmptyPostgresDatabase, nextPhone, registerThrough, startCoreProcess, TestApi } from './testing';

/**
 * The two leader jobs issue 27 added, `notify-daily` (sign-in reminders, the income summary) and
 * `liabilities` (the daily snapshot), with two real core processes on one PostgreSQL: started
 * together after downtime, they catch up once; when the leader is killed, the other process takes
 * the jobs over and runs them again at once, and still nothing is sent or taken twice (each claim is
 * a row: notification_prefs.reminded_on, the snapshot's unique day).
 */
let database: { url: string; drop(): Promise<void> } | undefined;
let handle: DatabaseHandle | undefined;
const processes: CoreProcess[] = [];
afterAll(async () => {
  await Promise.all(processes.splice(0).map((p) => p.stop()));
  await handle?.close();
  await database?.drop();
});

const leads = (p: CoreProcess, job: string) => new RegExp(`"job":"${job}"[^\\n]*"msg":"became the leader`).test(p.output());

async function waitFor(what: string, ms: number, condition: () => Promise<boolean> | boolean): Promise<void> {
  for (const end = Date.now() + ms; !(await condition()); ) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the daily notices and the liabilities snapshot across two core processes', () => {
  it('catch up once after downtime, and once again after the leader is killed', async () => {
    database = await createEmptyPostgresDatabase();
    const env = {
      DATABASE_URL: database.url,
      JWT_SECRET: 'daily-notices-secret-0123456789abcdef0123',
      DEV_OUTBOX: 'true',
      GAME_TICK_MS: '0',
      LEADER_CHECK_MS: '200',
      NOTIFY_DAILY_POLL_MS: '200',
      LOG_LEVEL: 'info',
    };
    const first = await startCoreProcess(env);
    processes.push(first);
    const player = await registerThrough(new TestApi(first.url), nextPhone());
    await first.stop();
    processes.splice(0);

    handle = await openDatabase({ url: database.url, poolSize: 2 });
    const db = handle.db;
    const count = async (statement: ReturnType<typeof sql>) => (await queryRows<{ n: number }>(db, statement))[0]?.n ?? 0;
    const reminders = () => count(sql`select count(*)::int as n from bot_outbox where kind = 'sign_in_reminder'`);
    const snapshots = () => count(sql`select count(*)::int as n from liability_snapshots`);
    // Downtime: the day's snapshot is not taken, and the player's reminder time (UTC) passed five minutes ago.
    await db.execute(sql`delete from liability_snapshots`);
    const due = new Date(Date.now() - 5 * 60_000).toISOString().slice(11, 16);
    await db.execute(
      sql`insert into notification_prefs (user_id, reminder, reminder_time, time_zone, updated_at)
          values (${player.id}, true, ${due}, 'UTC', now())`,
    );

    processes.push(...(await Promise.all([startCoreProcess(env), startCoreProcess(env)])));
    await waitFor('the reminder and the snapshot', 30_000, async () => (await reminders()) === 1 && (await snapshots()) === 1);
    // Each job has its own lock: one process leads each (not necessarily the same one for both).
    // Info lines reach stdout within LOG_FLUSH_MS (the buffered logger), so the leaders' lines may
    // arrive after the work they did: waited for, then counted.
    const jobs = ['notify-daily', 'liabilities'];
    await waitFor("the leaders' lines", 5_000, () => jobs.every((job) => processes.some((p) => leads(p, job))));
    for (const job of jobs)
      expect(
        processes.filter((p) => leads(p, job)),
        job,
      ).toHaveLength(1);
    const leader = processes.find((p) => leads(p, 'notify-daily'));
    const other = processes.find((p) => p !== leader);
    await leader?.crash();
    await waitFor('the other process leading both jobs', 15_000, () =>
      Boolean(other && leads(other, 'notify-daily') && leads(other, 'liabilities')),
    );
    // It has run both at once on taking over (and the reminder job every 200 ms since): nothing more.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect({ reminders: await reminders(), snapshots: await snapshots() }).toEqual({ reminders: 1, snapshots: 1 });
  }, 120_000);
});
