// `npm start`: builds the web app when its build is missing or older than its sources,
// then runs core (API + built web + bot when BOT_TOKEN is set) on the embedded database.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
if (existsSync('.env')) process.loadEnvFile('.env');

const bin = (name) => path.join(root, 'node_modules', '.bin', name);

/** Newest modification time below a path (files only), skipping build output and dependencies. */
function newest(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    latest = Math.max(latest, newest(path.join(target, entry)));
  }
  return latest;
}

function webIsStale() {
  const built = path.join('apps', 'web', 'dist', 'index.html');
  if (!existsSync(built)) return true;
  const sources = [
    'apps/web/src',
    'apps/web/index.html',
    'apps/web/public',
    'packages/domain/src',
    'packages/client/src',
    'vite.config.ts',
  ];
  return Math.max(...sources.map(newest)) > statSync(built).mtimeMs;
}

if (process.env.SKIP_WEB !== 'true' && webIsStale()) {
  process.stdout.write('Building the web app...\n');
  const build = spawnSync(bin('vite'), ['build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// node itself with tsx's loader: one process, so signals (and a kill) reach the server directly.
const core = spawn(process.execPath, ['--import', 'tsx', 'apps/core/src/main.ts'], { stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => core.kill(signal));
core.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
