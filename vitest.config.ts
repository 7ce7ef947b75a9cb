/// <reference types="vitest/config" />
import { defineConfig } from 'vitest/config';

/**
 * Every unit and API test. The core API suite runs on embedded PGlite, and again
 * on real PostgreSQL (plus the PostgreSQL-only concurrency tests) when
 * TEST_DATABASE_URL is set, as CI sets it.
 */
const postgres = Boolean(process.env.TEST_DATABASE_URL);
const coreSetup = { globalSetup: ['apps/core/src/testing/globalSetup.ts'], testTimeout: 30_000, hookTimeout: 60_000 };

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'] } },
      { test: { name: 'client', include: ['packages/client/src/**/*.test.ts'], env: { TEST_DB: 'pglite' }, ...coreSetup } },
      { test: { name: 'bot', include: ['bot/src/**/*.test.ts'], testTimeout: 30_000 } },
      { test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'] } },
      {
        test: {
          name: 'core',
          include: ['apps/core/src/**/*.test.ts'],
          exclude: ['apps/core/src/**/*.pg.test.ts'],
          env: { TEST_DB: 'pglite' },
          ...coreSetup,
        },
      },
      ...(postgres
        ? [
            {
              test: {
                name: 'core-pg',
                include: ['apps/core/src/**/*.api.test.ts', 'apps/core/src/**/*.pg.test.ts'],
                env: { TEST_DB: 'pg' },
                ...coreSetup,
                // Concurrent queries on one transaction fail the test (pg 9 refuses them).
                setupFiles: ['apps/core/src/testing/pgStrict.ts'],
              },
            },
          ]
        : []),
    ],
  },
});
