/// <reference types="vitest/config" />
import { defineConfig } from 'vitest/config';

/**
 * Every unit and API test. The core API suite runs on embedded PGlite, and again
 * on real PostgreSQL (plus the PostgreSQL-only concurrency tests) when
 * TEST_DATABASE_URL is set, as CI sets it.
 */
const postgres = Boolean(process.env.TEST_DATABASE_URL);
/**
 * With PostgreSQL at hand (CI), these API files run on PostgreSQL only: they test the HTTP and login
 * plumbing (input fuzzing, protocol, headers, accounts, passwords), where the engine adds nothing and
 * which took a fifth of the doubled API time. Money paths (ledger, game, wallet, earning, team, ...)
 * still run on both engines, and the browser tests run the whole product on PGlite. Without
 * TEST_DATABASE_URL every API file runs on PGlite.
 */
const ENGINE_NEUTRAL_API = [
  'apps/core/src/http/fuzz.api.test.ts',
  'apps/core/src/http/protocol.api.test.ts',
  'apps/core/src/http/security.api.test.ts',
  'apps/core/src/modules/auth/*.api.test.ts',
  'apps/core/src/modules/user/user.api.test.ts',
  'apps/core/src/modules/sms/*.api.test.ts',
];
/**
 * `npm run test:quick` (npm names the script in npm_lifecycle_event; TEST_QUICK=1 does the same):
 * the day-to-day lane. The core project keeps only its unit files: no API suite (each file starts
 * the app on PGlite), no PostgreSQL, no bot server, and none that starts child processes or servers
 * of its own. The other projects run whole. CI and `npm test` run everything.
 */
const quick = process.env.npm_lifecycle_event === 'test:quick' || process.env.TEST_QUICK === '1';
const NOT_QUICK = [
  'apps/core/src/**/*.api.test.ts',
  'apps/core/src/**/*.bot.test.ts',
  'apps/core/src/web.test.ts',
  'apps/core/src/webBundle.test.ts',
  'apps/core/src/lifecycle.test.ts',
  'apps/core/src/server.test.ts',
  'apps/core/src/botLoading.test.ts',
  'apps/core/src/cli/ledgerCheck.test.ts',
  'apps/core/src/platform/dataDirLock.test.ts',
];
/**
 * Unit projects share a worker's loaded modules from file to file (no vi.mock anywhere; the few
 * stubGlobal and fake-timer uses undo themselves in afterEach/finally): with a fresh module graph per
 * file the web project spent 26 s importing for 4.5 s of tests (42 s -> 8 s, domain 46 s -> 18 s,
 * same tests passing; docs/performance.md, "Test suite").
 */
const shared = { isolate: false };
const coreSetup = { globalSetup: ['apps/core/src/testing/globalSetup.ts'], testTimeout: 30_000, hookTimeout: 60_000 };

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      // Property tests (fast-check) run hundreds of cases; on a shared 2-core machine (load 20+) two of
      // them took over vitest's default 5 s, so the domain project gets the same bound as bot.
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'], testTimeout: 30_000, ...shared } },
      // The lint's own rules (import boundaries, function length), shown failing on planted violations.
      { test: { name: 'scripts', include: ['scripts/**/*.test.mjs'] } },
      { test: { name: 'client', include: ['packages/client/src/**/*.test.ts'], env: { TEST_DB: 'pglite' }, ...coreSetup } },
      { test: { name: 'bot', include: ['bot/src/**/*.test.ts'], testTimeout: 30_000, ...shared } },
      { test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'], ...shared } },
      {
        test: {
          name: 'core',
          include: ['apps/core/src/**/*.test.ts'],
          exclude: ['apps/core/src/**/*.pg.test.ts', ...(postgres ? ENGINE_NEUTRAL_API : []), ...(quick ? NOT_QUICK : [])],
          env: { TEST_DB: 'pglite' },
          ...coreSetup,
          // These files share no module state (factories; nothing starts on import; no vi.mock), so a
          // worker keeps its loaded modules from file to file instead of importing the app anew for
          // each: the import phase was about a fifth of the suite (docs/performance.md, "Test suite").
          isolate: false,
        },
      },
      ...(postgres && !quick
        ? [
            {
              test: {
                name: 'core-pg',
                include: ['apps/core/src/**/*.api.test.ts', 'apps/core/src/**/*.pg.test.ts'],
                env: { TEST_DB: 'pg' },
                ...coreSetup,
                // Concurrent queries on one transaction fail the test (pg 9 refuses them).
                setupFiles: ['apps/core/src/testing/pgStrict.ts'],
                // As in 'core': a worker keeps its loaded modules from file to file (the app's import
                // was paid once per file, about 80 files here). pgStrict checks every call, not pg's
                // once-per-process warning, so it still sees an offender in any file.
                isolate: false,
              },
            },
          ]
        : []),
    ],
  },
});
