// Creates an empty PGlite data directory (initdb) and exits: run as a child process by
// db/client.ts on the first start, so that initdb's peak memory (about 870 MB of WebAssembly
// memory, which never shrinks) dies with this process instead of staying in the server's.
import { PGlite } from '@electric-sql/pglite';

const dataDir = process.argv[2];
if (!dataDir) {
  process.stderr.write('usage: pgliteInit.mjs <dataDir>\n');
  process.exit(2);
}
const db = new PGlite(dataDir);
await db.waitReady;
await db.close();
