import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../db/client';
import { PG_TEMPLATE_ENV, PGLITE_DATA_DIR_ENV, PGLITE_TEMPLATE_ENV, postgresAdmin, postgresUrl } from './database';

/**
 * Builds one migrated PGlite database per test run (as a dump, and as a folder on disk for core
 * processes started on a DATA_DIR), and with TEST_DATABASE_URL one migrated PostgreSQL database:
 * every test file clones one instead of running the migrations again. Returns the teardown.
 */
export default async function setup(): Promise<() => Promise<void>> {
  // Side by side: PGlite migrates on this thread while PostgreSQL's migrations wait on its server.
  const [pglite, postgres] = await Promise.all([pgliteTemplate(), process.env.TEST_DATABASE_URL ? postgresTemplate() : undefined]);
  return async () => {
    await pglite();
    await postgres?.();
  };
}

async function pgliteTemplate(): Promise<() => Promise<void>> {
  const pglite = new PGlite();
  const handle = await openDatabase({ pglite });
  await handle.migrate();
  const dump = await pglite.dumpDataDir('none');
  await handle.close();
  const dir = path.resolve('.tmp');
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `pglite-template-${process.pid}.tar`);
  await writeFile(file, new Uint8Array(await dump.arrayBuffer()));
  process.env[PGLITE_TEMPLATE_ENV] = file;
  // The same database unpacked into a folder (about 2 s), which withMigratedDatabase copies.
  const folder = path.join(dir, `pglite-data-${process.pid}`);
  await rm(folder, { recursive: true, force: true });
  await (await PGlite.create(folder, { loadDataDir: dump })).close();
  process.env[PGLITE_DATA_DIR_ENV] = folder;
  return async () => {
    await rm(file, { force: true });
    await rm(folder, { recursive: true, force: true });
  };
}

/** Nothing may stay connected to a template while it is copied: the handle is closed before any test. */
async function postgresTemplate(): Promise<() => Promise<void>> {
  const name = `prism_tpl_${process.pid}_${Math.floor(Math.random() * 1e6)}`;
  await postgresAdmin(`create database ${name}`);
  const handle = await openDatabase({ url: postgresUrl(name), poolSize: 1 });
  await handle.migrate();
  await handle.close();
  process.env[PG_TEMPLATE_ENV] = name;
  return () => postgresAdmin(`drop database if exists ${name} with (force)`);
}
