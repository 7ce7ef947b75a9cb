import { existsSync } from 'node:fs';
import { cp, readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type DatabaseHandle, openDatabase, pgliteDirOf } from '../db/client';
import { seedDatabase } from '../seeds';

/** Set by the vitest global setup: a migrated PGlite data dir to clone (much faster than initdb). */
export const PGLITE_TEMPLATE_ENV = 'PRISM_PGLITE_TEMPLATE';

/** Set by the vitest global setup: the same migrated database as a PGlite folder on disk (withMigratedDatabase). */
export const PGLITE_DATA_DIR_ENV = 'PRISM_PGLITE_DATA_DIR';

/**
 * Gives a DATA_DIR the global setup's migrated embedded database unless it holds one already, so that
 * a core process started on it opens that database instead of creating and migrating its own: 9.7 s
 * of a 12.7 s start on a quiet 2-core machine, about 20 s under the suite's load (docs/performance.md,
 * "Test suite"). Outside vitest (no template) it does nothing, and the process creates its database
 * as on a first start; the tests of that first start keep an empty folder on purpose.
 */
export async function withMigratedDatabase(dataDir: string): Promise<void> {
  const template = process.env[PGLITE_DATA_DIR_ENV];
  const target = pgliteDirOf(dataDir);
  if (!template || existsSync(target)) return;
  await cp(template, target, { recursive: true });
}

export const testDatabaseKind = (): 'pg' | 'pglite' => (process.env.TEST_DB === 'pg' ? 'pg' : 'pglite');

/**
 * A fresh, migrated, seeded database for one test file: in-memory PGlite by
 * default, or a new database on TEST_DATABASE_URL's server when TEST_DB=pg
 * (dropped again by `drop`).
 */
export async function createTestDatabase(
  options: { poolSize?: number | undefined } = {},
): Promise<DatabaseHandle & { drop(): Promise<void> }> {
  if (testDatabaseKind() === 'pg') return createPostgresDatabase(options.poolSize ?? 20);
  const template = process.env[PGLITE_TEMPLATE_ENV];
  const pglite = template ? new PGlite({ loadDataDir: new Blob([await readFile(template)]) }) : new PGlite();
  const handle = await openDatabase({ pglite });
  await handle.migrate();
  await seedDatabase(handle.db);
  return { ...handle, drop: () => handle.close() };
}

/** Set by the vitest global setup: a migrated PostgreSQL database to copy (CREATE DATABASE ... TEMPLATE). */
export const PG_TEMPLATE_ENV = 'PRISM_PG_TEMPLATE';

/** Runs one statement on TEST_DATABASE_URL's server (its maintenance connection). */
export async function postgresAdmin(statement: string): Promise<void> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=pg needs TEST_DATABASE_URL');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The URL of database `name` on TEST_DATABASE_URL's server. */
export function postgresUrl(name: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL ?? '');
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * An empty database on TEST_DATABASE_URL's server, and a way to drop it. `migrated`: a copy of the
 * global setup's migrated template instead (about 0.2 s against 0.9 s of migrations), for tests whose
 * subject is not the migration itself; empty when no template was made.
 */
export async function createEmptyPostgresDatabase(options: { migrated?: boolean } = {}): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `prism_t_${process.pid}_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6)}`;
  const template = options.migrated ? process.env[PG_TEMPLATE_ENV] : undefined;
  await postgresAdmin(template ? `create database ${name} template ${template}` : `create database ${name}`);
  return { url: postgresUrl(name), drop: () => postgresAdmin(`drop database if exists ${name} with (force)`) };
}

async function createPostgresDatabase(poolSize: number) {
  const empty = await createEmptyPostgresDatabase({ migrated: true });
  const handle = await openDatabase({ url: empty.url, poolSize });
  await handle.migrate();
  await seedDatabase(handle.db);
  return {
    ...handle,
    url: empty.url,
    async drop() {
      await handle.close();
      await empty.drop();
    },
  };
}
