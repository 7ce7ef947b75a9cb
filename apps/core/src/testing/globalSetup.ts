import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../db/client';
import { PG_TEMPLATE_ENV, PGLITE_TEMPLATE_ENV, postgresAdmin, postgresUrl } from './database';

/**
 * Builds one migrated PGlite data dir per test run, and with TEST_DATABASE_URL one migrated PostgreSQL
 * database: every test file clones one instead of running the migrations again. Returns the teardown.
 */
export default async function setup(): Promise<() => Promise<void>> {
  await pgliteTemplate();
  return process.env.TEST_DATABASE_URL ? postgresTemplate() : async () => {};
}

async function pgliteTemplate(): Promise<void> {
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
