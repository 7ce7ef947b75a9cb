// PgBouncer (1.18, Debian's) in front of whichever server is the primary. Two aliases of the same
// database: `prism` in transaction mode for the request path (DATABASE_URL, with unnamed statements:
// 1.18 does not carry named prepared statements between server connections), and `prism_session` in
// session mode for what needs a session (DATABASE_DIRECT_URL: migrations, the leaders' advisory locks,
// LISTEN). Core processes never hold the physical primary's address: failover rewrites this file and
// restarts PgBouncer, and every core reconnects to the same addresses.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { alive, gone, HOST, portOpen, run, startDetached, stopGroup, waitFor } from './proc.mjs';

export function pgbouncerIni({ dir, port, primaryPort }) {
  return `;; Prism reference deployment (scripts/cluster/pgbouncer.mjs; docs/scaling.md "Reference deployment")
[databases]
;; The request path: a server connection per transaction, so 3 core processes x 10 pooled clients
;; share default_pool_size server connections.
prism = host=${HOST} port=${primaryPort} dbname=prism pool_mode=transaction
;; Session work: a server connection for the client's whole connection (advisory locks, LISTEN).
prism_session = host=${HOST} port=${primaryPort} dbname=prism pool_mode=session pool_size=20

[pgbouncer]
listen_addr = ${HOST}
listen_port = ${port}
unix_socket_dir = ${dir}
;; trust on loopback as the servers (a deployment uses scram-sha-256 with an auth_file or auth_query).
auth_type = trust
auth_file = ${path.join(dir, 'userlist.txt')}
admin_users = postgres
pool_mode = transaction
;; Server connections per alias: enough for the bets in flight on 2 cores, far below max_connections.
default_pool_size = 20
;; Clients: 3 cores x DATABASE_POOL_SIZE (10) plus their session connections, tests and tools.
max_client_conn = 400
;; A server connection that failed is retried quickly: during failover the pool refills within ~1 s.
server_login_retry = 1
;; A client waits at most this long for a server connection, then gets an error (a 503, retryable).
query_wait_timeout = 30
;; node-postgres sends no unsupported startup parameters; psql and drivers that do are tolerated.
ignore_startup_parameters = extra_float_digits,options
logfile = ${path.join(dir, 'pgbouncer.log')}
pidfile = ${path.join(dir, 'pgbouncer.pid')}
`;
}

/** Writes the ini for the current primary and starts PgBouncer (foreground, group of its own). */
export async function startPgbouncer({ dir, port, primaryPort }) {
  const ini = path.join(dir, 'pgbouncer.ini');
  writeFileSync(ini, pgbouncerIni({ dir, port, primaryPort }));
  writeFileSync(path.join(dir, 'userlist.txt'), '"postgres" ""\n');
  run('chown', ['-R', 'postgres:postgres', dir]);
  const pid = startDetached('pgbouncer', [ini], { log: path.join(dir, 'pgbouncer.out'), asPostgres: true });
  await waitFor(`PgBouncer on port ${port}`, async () => {
    if (!alive(pid)) throw gone(`it exited (see ${dir}/pgbouncer.log)`);
    return portOpen(port);
  });
  return pid;
}

/** A restart: every client connection is cut (core answers 503 for requests in flight and reconnects). */
export async function restartPgbouncer(pid, options) {
  await stopGroup(pid, 5_000);
  await waitFor('PgBouncer port to be free', async () => !(await portOpen(options.port)), 10_000);
  return startPgbouncer(options);
}
