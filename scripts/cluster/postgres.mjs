// The PostgreSQL 15 servers: a primary archiving its WAL, a synchronous streaming replica made with
// pg_basebackup -R, and promotion. Each server runs `postgres -D <dir>` in the foreground in a group
// of its own (no pg_ctl daemon): the state file's pid is then the group to kill, with every backend.
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { alive, gone, HOST, PG_BIN, psql, run, startDetached, waitFor } from './proc.mjs';

/** The name the replica gives itself (application_name) and the primary waits for (synchronous_standby_names). */
export const REPLICA_NAME = 'replica';

/**
 * The primary's settings, appended to postgresql.conf (the last value of a setting wins). The
 * replica inherits them through pg_basebackup and overrides a few (replicaSettings).
 */
export function primarySettings({ port, dir, archive }) {
  return `
# --- Prism reference deployment (scripts/cluster/postgres.mjs; docs/scaling.md "Reference deployment") ---
# Loopback only, on our own port; the socket in the cluster folder, away from the system server's.
listen_addresses = '${HOST}'
port = ${port}
unix_socket_directories = '${dir}'
# replica: enough WAL for a streaming standby and for point-in-time recovery (minimal has neither).
wal_level = replica
max_wal_senders = 5
# A standby briefly away (restart) catches up from pg_wal instead of needing a new base backup.
wal_keep_size = '512MB'
# Continuous archiving: every finished 16 MB WAL segment is copied to the archive; never overwrite one.
archive_mode = on
archive_command = 'test ! -f ${archive}/%f && cp %p ${archive}/%f'
# A quiet primary still closes a segment at least every 60 s: the recovery point objective of the
# archive alone (the synchronous standby loses nothing acknowledged).
archive_timeout = 60
# synchronous_commit = on for every commit (docs/scaling.md says why not only the money ones); the
# standby it waits for is named once the replica streams (createReplica): until then a commit,
# CREATE DATABASE included, would wait for a standby that does not exist yet.
synchronous_commit = on
# Reads on the replica while it replays; it tells the primary what it still reads (fewer cancels).
hot_standby = on
hot_standby_feedback = on
# PgBouncer holds at most its pool sizes (transaction 20 + session 20) plus tools and the replica.
max_connections = 100
`;
}

/**
 * Set once the replica streams: from then on every commit waits until the replica has it on disk
 * (FIRST 1: that one standby; synchronous_commit = on).
 */
const SYNC_STANDBYS = `FIRST 1 (${REPLICA_NAME})`;

/** What the replica changes after pg_basebackup copied the primary's folder (settings included). */
export function replicaSettings({ port, dir, primaryPort }) {
  return `
# --- the replica's own (scripts/cluster/postgres.mjs) ---
port = ${port}
unix_socket_directories = '${dir}'
# Its name for synchronous_standby_names; pg_basebackup -R wrote the rest of primary_conninfo.
primary_conninfo = 'host=${HOST} port=${primaryPort} user=postgres application_name=${REPLICA_NAME}'
# Once promoted it has no standby of its own: waiting for one would stop every commit. It then
# runs unreplicated until a new replica is built from it (docs/operations.md).
synchronous_standby_names = ''
`;
}

/** Starts `postgres -D dir` and waits until it accepts connections; answers the group id. */
export async function startServer({ dir, port, log }) {
  const pid = startDetached(`${PG_BIN}/postgres`, ['-D', dir], { log, asPostgres: true });
  await waitFor(`PostgreSQL on port ${port} (log ${log})`, () => {
    if (!alive(pid)) throw gone('it exited');
    run(`${PG_BIN}/pg_isready`, ['-q', '-h', HOST, '-p', String(port), '-U', 'postgres']);
    return true;
  });
  return pid;
}

export async function createPrimary({ dir, port, archive, log }) {
  mkdirSync(archive, { recursive: true });
  run('chown', ['postgres:postgres', archive]);
  // trust on loopback: the folder is private to this machine's test; a deployment sets passwords (scram).
  run(`${PG_BIN}/initdb`, ['-D', dir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'], { asPostgres: true });
  appendFileSync(path.join(dir, 'postgresql.conf'), primarySettings({ port, dir, archive }));
  const pid = await startServer({ dir, port, log });
  psql(port, 'postgres', 'create database prism');
  return pid;
}

/** pg_basebackup -R from the primary (streaming the WAL it needs), then starts it as a standby. */
export async function createReplica({ dir, port, primaryPort, log }) {
  const args = ['-h', HOST, '-p', String(primaryPort), '-U', 'postgres', '-D', dir, '-R', '-X', 'stream', '-c', 'fast'];
  run(`${PG_BIN}/pg_basebackup`, args, { asPostgres: true });
  appendFileSync(path.join(dir, 'postgresql.auto.conf'), replicaSettings({ port, dir, primaryPort }));
  const pid = await startServer({ dir, port, log });
  await waitFor(
    'the replica to stream',
    () => psql(primaryPort, 'postgres', `select state from pg_stat_replication where application_name = '${REPLICA_NAME}'`) === 'streaming',
  );
  // ALTER SYSTEM (postgresql.auto.conf): a promoted replica's own `synchronous_standby_names = ''` lives
  // there and would override anything added to postgresql.conf.
  psql(primaryPort, 'postgres', `alter system set synchronous_standby_names = '${SYNC_STANDBYS}'`);
  psql(primaryPort, 'postgres', 'select pg_reload_conf()');
  // Commits on the primary wait for this standby: it must be synchronous before we go on.
  await waitFor(
    'the replica to be the synchronous standby',
    () => psql(primaryPort, 'postgres', `select sync_state from pg_stat_replication where application_name = '${REPLICA_NAME}'`) === 'sync',
  );
  return pid;
}

/** Promotes the standby and waits until it has left recovery. */
export async function promote({ dir, port }) {
  run(`${PG_BIN}/pg_ctl`, ['promote', '-w', '-t', '60', '-D', dir], { asPostgres: true });
  await waitFor('the promoted server to leave recovery', () => psql(port, 'postgres', 'select pg_is_in_recovery()') === 'f');
}
