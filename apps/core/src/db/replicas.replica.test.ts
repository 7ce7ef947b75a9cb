import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase, queryRows } from './client';
import { createReadRouter, type ReadRouter } from './replicas';

/**
 * Against a real streaming replica: a throwaway PostgreSQL 15 primary and a `pg_basebackup -R`
 * replica under the temporary folder (about 15 s to make on a loaded 2-core machine). Opt-in
 * (PRISM_REPLICA_TEST=1, as root with the server binaries), so the default run stays fast;
 * `npm run test:cluster` covers the whole topology.
 */
const BIN = '/usr/lib/postgresql/15/bin';
const enabled = process.env.PRISM_REPLICA_TEST === '1' && existsSync(path.join(BIN, 'pg_ctl')) && process.getuid?.() === 0;
const PORT = 55_500 + (process.pid % 40) * 2;

const asPostgres = (command: string, args: string[]) =>
  execFileSync('runuser', ['-u', 'postgres', '--', path.join(BIN, command), ...args], { stdio: 'pipe', timeout: 60_000 });

describe.skipIf(!enabled)('read routing against a real streaming replica', () => {
  let dir = '';
  let primary: DatabaseHandle;
  let reads: ReadRouter;
  let replicaClient: pg.Client;
  const primaryUrl = `postgres://postgres@127.0.0.1:${PORT}/postgres`;
  const replicaUrl = `postgres://postgres@127.0.0.1:${PORT + 1}/postgres`;
  const server = (data: string, port: number, extra = '') =>
    asPostgres('pg_ctl', [
      '-D',
      data,
      '-w',
      '-l',
      `${data}.log`,
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 ${extra}`,
      'start',
    ]);

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'prism-replica-'));
    chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString()), Number(execFileSync('id', ['-g', 'postgres']).toString()));
    asPostgres('initdb', ['-D', `${dir}/p`, '-A', 'trust', '-U', 'postgres']);
    server(`${dir}/p`, PORT, '-c wal_level=replica -c max_wal_senders=4');
    asPostgres('pg_basebackup', ['-h', '127.0.0.1', '-p', String(PORT), '-U', 'postgres', '-D', `${dir}/r`, '-R', '-X', 'stream']);
    server(`${dir}/r`, PORT + 1);
    primary = await openDatabase({ url: primaryUrl, poolSize: 2 });
    await queryRows(primary.db, sql`create table bets (id serial primary key, user_id int)`);
    reads = await createReadRouter({
      primary: primary.db,
      urls: [replicaUrl],
      statements: 'named',
      maxLagMs: 600,
      checkMs: 100,
      waitMs: 150,
      poolSize: 2,
    });
    replicaClient = new pg.Client(replicaUrl);
    await replicaClient.connect();
  }, 120_000);

  afterAll(async () => {
    await replicaClient?.end().catch(() => undefined);
    await reads?.stop();
    await primary?.close();
    for (const data of ['r', 'p'])
      if (dir && existsSync(`${dir}/${data}/postmaster.pid`)) asPostgres('pg_ctl', ['-D', `${dir}/${data}`, '-m', 'immediate', 'stop']);
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  const until = async (condition: () => boolean, ms = 5_000) => {
    const deadline = Date.now() + ms;
    while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    return condition();
  };

  it('measures a caught-up replica at lag 0, and serves a player their own write from it', async () => {
    expect(await until(() => reads.status()[0]?.healthy === true && reads.status()[0]?.lagBytes === 0)).toBe(true);
    expect(reads.status()[0]?.lagMs).toBe(0);
    await queryRows(primary.db, sql`insert into bets (user_id) values (7)`);
    const db = await reads.forUser(7);
    expect(db).not.toBe(primary.db);
    expect(await queryRows(db, sql`select count(*)::int as n from bets where user_id = 7`)).toEqual([{ n: 1 }]);
  });

  it('sends a player to the primary when replay is stuck, and skips the replica once it is behind the bound', async () => {
    await replicaClient.query('select pg_wal_replay_pause()');
    await queryRows(primary.db, sql`insert into bets (user_id) values (8)`);
    const started = Date.now();
    const db = await reads.forUser(8);
    expect(db).toBe(primary.db);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(await queryRows(db, sql`select count(*)::int as n from bets where user_id = 8`)).toEqual([{ n: 1 }]);
    expect(await until(() => reads.status()[0]?.healthy === false)).toBe(true);
    expect(reads.status()[0]?.lagMs).toBeGreaterThan(600);
    expect(reads.status()[0]?.lagBytes).toBeGreaterThan(0);
    expect(reads.lagTolerant()).toBe(primary.db);
  });

  it('takes the replica back at the first check after it catches up, and counts a promoted one as lag 0', async () => {
    await replicaClient.query('select pg_wal_replay_resume()');
    expect(await until(() => reads.status()[0]?.healthy === true)).toBe(true);
    expect(reads.lagTolerant()).not.toBe(primary.db);
    asPostgres('pg_ctl', ['-D', `${dir}/r`, '-w', 'promote']);
    expect(await until(() => reads.status()[0]?.healthy === true && reads.status()[0]?.lagMs === 0)).toBe(true);
    expect(await reads.forUser(8)).not.toBe(primary.db);
  });
});
