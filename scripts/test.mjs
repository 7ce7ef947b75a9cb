// `npm test`: builds the web app, runs every vitest project (unit, API on PGlite, and on PostgreSQL
// when TEST_DATABASE_URL is set), then the Playwright browser tests, and prints one closing line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const run = (command, args) => spawnSync(bin(command), args, { stdio: 'inherit' }).status ?? 1;
mkdirSync('.tmp', { recursive: true });
for (const file of ['.tmp/vitest-results.json', '.tmp/playwright-results.json']) rmSync(file, { force: true });

const started = Date.now();
const build = run('vite', ['build', '--logLevel', 'warn']);
if (build !== 0) process.exit(build);
const unit = run('vitest', ['run', '--reporter=default', '--reporter=json', '--outputFile.json=.tmp/vitest-results.json']);
const browser = run('playwright', ['test']);

const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);
const vitest = read('.tmp/vitest-results.json');
const playwright = read('.tmp/playwright-results.json');
const passed = (vitest?.numPassedTests ?? 0) + (playwright?.stats?.expected ?? 0);
const failed = (vitest?.numFailedTests ?? 0) + (playwright?.stats?.unexpected ?? 0) + (playwright?.stats?.flaky ?? 0);
const skipped = (vitest?.numPendingTests ?? 0) + (vitest?.numTodoTests ?? 0) + (playwright?.stats?.skipped ?? 0);
const seconds = Math.round((Date.now() - started) / 1000);
console.log(
  `\nvitest: ${vitest?.numPassedTests ?? 0} passed, ${vitest?.numFailedTests ?? 0} failed; playwright: ${playwright?.stats?.expected ?? 0} passed, ${playwright?.stats?.unexpected ?? 0} failed; ${seconds} s`,
);
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(unit !== 0 || browser !== 0 || failed > 0 || (!vitest && !playwright) ? 1 : 0);
