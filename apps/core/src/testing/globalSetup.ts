import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../db/client';
import { PGLITE_TEMPLATE_ENV } from './database';

/** Builds one migrated PGlite data dir per test run; every test file clones it. */
export default async function setup(): Promise<void> {
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
