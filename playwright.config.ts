import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './apps/core/src/testing/chromium';
import { E2E_BASE_URL } from './e2e/support/constants';

/**
 * Browser tests: Debian's Chromium (never a downloaded browser) against a real
 * server started by e2e/support/server.ts on a fresh database.
 */
export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Files run two at a time against the one server (each test signs up its own users, so they do
  // not share state); tests within a file keep their order. Halves the browser part of the suite.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['json', { outputFile: '.tmp/playwright-results.json' }]],
  outputDir: '.tmp/test-results',
  use: {
    ...devices['Pixel 7'],
    baseURL: E2E_BASE_URL,
    viewport: { width: 375, height: 812 },
    locale: 'en-US',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    command: 'node --import tsx e2e/support/server.ts',
    url: `${E2E_BASE_URL}/core/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
