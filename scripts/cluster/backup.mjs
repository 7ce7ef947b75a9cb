// Base backups and point-in-time restores. A base backup (pg_basebackup, with the WAL it needs
// streamed in) plus the continuous WAL archive (archive_command on the primary) restore the
// database to any moment after the backup: recovery replays archived WAL up to recovery_target_time.
import { appendFileSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { startServer } from './postgres.mjs';
import { HOST, PG_BIN, psql, run, waitFor } from './proc.mjs';

/** Takes a base backup of the current primary into backups/<time>; answers its record for the state. */
export function takeBackup(state) {
  const takenAt = new Date().toISOString();
  const dir = path.join(state.dir, 'backups', takenAt.replace(/[:.]/g, '-'));
  mkdirSync(path.dirname(dir), { recursive: true });
  run('chown', ['postgres:postgres', path.dirname(dir)]);
  const args = ['-h', HOST, '-p', String(state.primary.port), '-U', 'postgres', '-D', dir, '-X', 'stream', '-c', 'fast'];
  run(`${PG_BIN}/pg_basebackup`, [...args, '--label', `prism ${takenAt}`], { asPostgres: true });
  // The backup is only restorable to moments after it ended: recorded when pg_basebackup returned.
  return { dir, takenAt, endedAt: new Date().toISOString() };
}

/** Closes the current WAL segment and waits until the archive has it: everything so far is archived. */
export async function archiveNow(state) {
  const segment = psql(state.primary.port, 'postgres', 'select pg_walfile_name(pg_switch_wal())');
  await waitFor(`WAL segment ${segment} in the archive`, () => {
    const last = psql(state.primary.port, 'postgres', 'select last_archived_wal from pg_stat_archiver');
    return last >= segment;
  });
  return segment;
}

function recoverySettings({ port, dir, archive, to }) {
  return `
# --- point-in-time restore (scripts/cluster/backup.mjs) ---
port = ${port}
unix_socket_directories = '${dir}'
# WAL after the base backup comes from the archive, up to the target time, along the latest timeline
# (past a failover's promotion too), then the server opens for writes as a new primary.
restore_command = 'cp ${archive}/%f %p'
recovery_target_time = '${to}'
recovery_target_timeline = 'latest'
recovery_target_action = 'promote'
# Standalone: no standby to wait for, no archiving into the live cluster's archive, no upstream.
synchronous_standby_names = ''
archive_mode = off
primary_conninfo = ''
`;
}

/** Restores the newest backup that ended before `to` into a new folder and port; answers its server. */
export async function restore(state, to) {
  const target = new Date(to);
  if (Number.isNaN(target.getTime())) throw new Error(`--to ${to} is not a time (ISO 8601, e.g. 2026-11-27T21:40:00Z)`);
  const backup = [...state.backups].reverse().find((b) => Date.parse(b.endedAt) <= target.getTime());
  if (!backup) throw new Error(`no backup ended before ${target.toISOString()}: take one with npm run cluster -- backup`);
  const index = state.restored.length;
  const port = state.ports.restoreBase + index;
  const dir = path.join(state.dir, `restored${index + 1}`);
  rmSync(dir, { recursive: true, force: true });
  run('cp', ['-a', backup.dir, dir]);
  appendFileSync(
    path.join(dir, 'postgresql.auto.conf'),
    recoverySettings({ port, dir, archive: state.archive, to: target.toISOString().replace('T', ' ').replace('Z', '+00') }),
  );
  appendFileSync(path.join(dir, 'recovery.signal'), '');
  run('chown', ['-R', 'postgres:postgres', dir]);
  const began = performance.now();
  const pid = await startServer({ dir, port, log: `${dir}.log` });
  await waitFor('the restored server to finish recovery', () => psql(port, 'postgres', 'select pg_is_in_recovery()') === 'f', 600_000, 250);
  const seconds = (performance.now() - began) / 1000;
  return { pid, port, dir, to: target.toISOString(), backup: backup.takenAt, seconds, url: `postgres://postgres@${HOST}:${port}/prism` };
}
