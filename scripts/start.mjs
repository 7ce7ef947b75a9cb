// `npm start`: builds the web app and the core bundle when missing or older than their sources,
// then runs core (API + built web + bot when BOT_TOKEN is set) with plain node: on the embedded
// database, or on PostgreSQL when DATABASE_URL is set.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
if (existsSync('.env')) process.loadEnvFile('.env');

const bin = (name) => path.join(root, 'node_modules', '.bin', name);
/** The core bundle scripts/build-core.mjs writes. */
const CORE_BUNDLE = path.join('apps', 'core', 'dist', 'main.mjs');

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

function isStale(built, sources) {
  if (!existsSync(built)) return true;
  return Math.max(...sources.map(newest)) > statSync(built).mtimeMs;
}

const webSources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/public',
  'packages/domain/src',
  'packages/client/src',
  'vite.config.ts',
];
const coreSources = ['apps/core/src', 'packages/domain/src', 'bot/src', 'scripts/build-core.mjs', 'package-lock.json'];

if (process.env.SKIP_WEB !== 'true' && isStale(path.join('apps', 'web', 'dist', 'index.html'), webSources)) {
  process.stdout.write('Building the web app...\n');
  const build = spawnSync(bin('vite'), ['build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// In a child process: esbuild's service process would otherwise stay beside this one.
if (isStale(CORE_BUNDLE, coreSources)) {
  const build = spawnSync(process.execPath, ['scripts/build-core.mjs'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// Every V8 flag here must pay in a paired measurement (docs/performance.md, "V8 flags"). The flag
// caps V8's young generation (two semi-spaces; V8's default lets them grow to 16 MB: 108-120 MB idle
// on PostgreSQL, over the 100 MB goal).
// On PostgreSQL, 8 MB: against 2 MB, paired on 2026-11-28, Node's CPU per bet 0.67-0.93x and per
// getUserInfo 0.57-0.95x in all 16 pairs, for 1-3 MB more idle RSS (90-92 MB 30 s after start).
const V8_FLAGS_POSTGRES = ['--max-semi-space-size=8'];
// Embedded PGlite, 2 MB: there 8 MB held 25-35 MB more idle (253-278 against 237-250 MB), past the
// 241-268 MB issue 29 keeps; the CPU of 8 MB was not measured on PGlite.
const V8_FLAGS_EMBEDDED = ['--max-semi-space-size=2'];
const v8Flags = process.env.DATABASE_URL ? V8_FLAGS_POSTGRES : V8_FLAGS_EMBEDDED;
// glibc gives each thread that allocates (libuv's pool, V8's helpers) a malloc arena of its own;
// two arenas held the idle server 1-7 MB lower in RSS (docs/performance.md, "Memory"). A value
// already set wins.
const env = { MALLOC_ARENA_MAX: '2', ...process.env };
// node itself on the bundle: one process, so signals (and a kill) reach the server directly.
const core = spawn(process.execPath, [...v8Flags, CORE_BUNDLE], { stdio: 'inherit', env });
// A signal to this process alone is passed on, once. A supervisor or Ctrl-C signals the whole group
// (npm, this wrapper, the server) and npm forwards its own too, so the server usually hears one stop
// several times: it stops once, gracefully, whatever the count (platform/shutdown.ts, listenForStop).
let forwarded = false;
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    if (forwarded) return;
    forwarded = true;
    core.kill(signal);
  });
core.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
