import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Shared by the e2e server and the specs. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4310);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** The fake Bot API answers to this token, and core validates Telegram initData with it. */
export const E2E_BOT_TOKEN = '7000000001:e2e-fake-bot-token';
/** The fake Telegram Bot API the e2e server talks to; specs read what "Telegram" received at /_fake/sent?chat_id=. */
export const E2E_FAKE_BOT_PORT = Number(process.env.E2E_FAKE_BOT_PORT ?? 4311);
export const E2E_FAKE_BOT_URL = `http://127.0.0.1:${E2E_FAKE_BOT_PORT}`;
/** Operators of the e2e server (their review requests arrive in this chat). */
export const E2E_OPERATOR_ID = 777_000_001;
/** The e2e server's break-glass token (OPS_TOKEN): it only creates the first owner. */
export const E2E_BREAK_GLASS_TOKEN = 'e2e-break-glass-token';
/** Where the e2e server writes its owner's personal API token once it has provisioned the owner. */
export const E2E_OPS_TOKEN_FILE = path.join(os.tmpdir(), `prism-e2e-ops-token-${E2E_PORT}`);

/**
 * The owner's personal API token, for the /core/admin calls a test makes as an operator would with
 * `npm run ops`. The server makes it at start (setup link, TOTP, sign-in, token) and writes it to
 * E2E_OPS_TOKEN_FILE; Playwright's workers (which run the tests) wait for it briefly. Elsewhere
 * (the runner collecting tests, the server itself) it is empty and unused.
 */
export const E2E_OPS_TOKEN = process.env.TEST_WORKER_INDEX === undefined ? '' : waitForOpsToken();

function waitForOpsToken(): string {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const token = readFileSync(E2E_OPS_TOKEN_FILE, 'utf8').trim();
      if (token) return token;
    } catch {
      // Not written yet.
    }
    if (Date.now() > deadline) throw new Error(`the e2e server did not write ${E2E_OPS_TOKEN_FILE}`);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
  }
}
