import { sql } from 'drizzle-orm';
import { type Database, poolOf, queryRows } from '../../db/client';
import { sleep } from '../../platform/clock';

/**
 * Called after each chunk of the daily job that is not a step-day's last, with how long the chunk
 * took and whether other clients were busy at its end: what it returns is awaited before the next
 * chunk. No lock is held then (the chunk committed).
 */
export type ChunkPacer = (chunkMs: number, othersBusy: boolean) => Promise<void>;

/** Pause after a chunk, as a multiple of the chunk's time, while other clients are busy (EARNING_BUSY_PAUSE's default). */
export const EARNING_BUSY_PAUSE = 2;

/**
 * The job gives way to players (docs/performance.md, "The daily earning job"). A chunk keeps a
 * core busy for its whole length and holds its holders' accounts until it commits, so players'
 * requests wait for a core, and those of the chunk's holders for its locks. After each chunk the
 * job looks whether any other client of the database is running a statement (or waiting for a
 * lock) or is inside a transaction (pg_stat_activity, read at the end of the chunk's own statement
 * where it can be); if so it pauses `pause` times as long as the chunk took. With the default of 2
 * it uses at most a third of a core while players play, and runs flat out when they do not (a day
 * paid at night, a catch-up after downtime). 0 turns it off. The slowdown is bounded by the pause:
 * traffic that never stops (or a stuck client) delays the job, never starves it. On PGlite (one
 * connection, no other backends to see) it never pauses.
 */
export function busyPacer(db: Database, pause: number, wait: (ms: number) => Promise<void> = sleep): ChunkPacer | undefined {
  if (pause <= 0 || !poolOf(db)) return undefined;
  return async (chunkMs, busy) => {
    if (busy) await wait(chunkMs * pause);
  };
}

/**
 * Whether another client backend of this database is running a statement (or waiting for a lock)
 * or holds a transaction open, as a boolean SQL expression: a chunk given as SQL reads it in its
 * own statement, at its end (no round trip of its own); others ask othersBusy. It reads
 * pg_stat_get_activity, the function under the pg_stat_activity view, by the database's oid: the
 * view (its joins to pg_database and pg_authid, its 30 columns) cost about 1.2 ms a chunk to plan
 * and run against 0.3 ms (docs/performance.md, "Thirteenth round").
 */
export const othersBusySql = sql`exists (select 1 from pg_stat_get_activity(null) s
  where s.datid = (select d.oid from pg_database d where d.datname = current_database())
    and s.backend_type = 'client backend' and s.pid <> pg_backend_pid()
    and s.state in ('active', 'idle in transaction', 'idle in transaction (aborted)'))`;

/** othersBusySql in a statement of its own. */
export async function othersBusy(db: Database): Promise<boolean> {
  const [row] = await queryRows<{ busy: boolean }>(db, sql`select ${othersBusySql} as busy`);
  return row?.busy === true;
}
