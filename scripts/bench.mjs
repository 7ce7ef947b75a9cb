// `npm run bench -- <name>`: runs apps/core/src/bench/<name>.ts (PostgreSQL at BENCH_DATABASE_URL,
// default postgres://postgres@127.0.0.1:5432/test). Figures, not pass/fail tests.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.join(root, 'apps/core/src/bench');
const available = readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && f !== 'support.ts')
  .map((f) => f.replace(/\.ts$/, ''));
// The operator dashboard's bench seeds 1,000,000 bets (minutes): only when named.
const ON_REQUEST = ['admin'];
const wanted = process.argv.slice(2);
const names = wanted.length ? wanted : available.filter((name) => !ON_REQUEST.includes(name));
for (const name of names) {
  const file = path.join(dir, `${name}.ts`);
  if (!existsSync(file)) {
    console.error(`No benchmark "${name}". Available: ${available.join(', ')}`);
    process.exit(2);
  }
  console.log(`\n== bench ${name}`);
  const result = spawnSync(path.join(root, 'node_modules/.bin/tsx'), [file], { stdio: 'inherit', cwd: root });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
