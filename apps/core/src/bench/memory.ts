import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../db/client';
import { seedDatabase } from '../seeds';
import { machine } from './support';

/**
 * `npm run bench -- memory`: where the embedded (PGlite) process's memory goes on its first
 * start, step by step (create + initdb, migrations, seed), and on a start with the data in
 * place (a second process, since WebAssembly memory never shrinks). PGlite's heap is one
 * WebAssembly memory: it shows as arrayBuffers and in RSS, not in the V8 heap.
 */
const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
const usage = (step: string) => {
  const m = process.memoryUsage();
  return { step, rssMb: mb(m.rss), heapUsedMb: mb(m.heapUsed), arrayBuffersMb: mb(m.arrayBuffers), externalMb: mb(m.external) };
};

async function steps(dataDir: string) {
  const out = [usage('modules loaded')];
  const handle = await openDatabase({ dataDir });
  out.push(usage('PGlite open'));
  await handle.migrate();
  out.push(usage('migrated'));
  await seedDatabase(handle.db);
  out.push(usage('seeded'));
  await handle.close();
  return out;
}

const [mode, dir] = process.argv.slice(2);
if (mode === 'child' && dir) {
  console.log(JSON.stringify(await steps(dir)));
} else {
  const root = mkdtempSync(path.join(os.tmpdir(), 'prism-memory-'));
  try {
    const run = () => {
      const child = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), 'child', path.join(root, 'data')], {
        encoding: 'utf8',
      });
      if (child.status !== 0) throw new Error(child.stderr);
      return JSON.parse(child.stdout.trim().split('\n').at(-1) ?? '[]');
    };
    console.log(JSON.stringify({ benchmark: 'memory', machine: machine(), firstStart: run(), secondStart: run() }, null, 2));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
