import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, pgliteDirOf } from '../db/client';
import { transfer } from '../modules/ledger/ledger';
import { withMigratedDatabase } from '../testing';

const run = promisify(execFile);
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'prism-ledger-cli-'));
  await withMigratedDatabase(dataDir);
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

/** Runs `npm run ledger:check`'s script with no server listening, so it opens the database itself. */
async function ledgerCheck(): Promise<{ code: number; stdout: string }> {
  const env = { ...process.env, DATA_DIR: dataDir, PORT: '1', OPS_TOKEN: 'none', TEST_DB: '' };
  try {
    const { stdout } = await run(path.resolve('node_modules/.bin/tsx'), ['apps/core/src/cli/ledgerCheck.ts'], { env });
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, stdout: failed.stdout };
  }
}

describe('npm run ledger:check', () => {
  it('exits 0 on a consistent ledger and 1 after a balance is tampered with', async () => {
    const database = await openDatabase({ dataDir: pgliteDirOf(dataDir) });
    await database.migrate();
    await database.db.transaction((tx) =>
      transfer(
        tx,
        { asset: 'CASH', from: { system: 'house' }, to: { system: 'fees' }, amount: 500n, type: 'adjustment', reference: 'cli-test' },
        new Date(),
      ),
    );
    await database.close();
    const good = await ledgerCheck();
    expect(good.stdout).toContain('ledger check: OK');
    expect(good.code).toBe(0);
    // The system accounts an operator asks about (docs/operations.md: rewards, rebates), readable.
    expect(good.stdout).toMatch(/system accounts:\n(.*\n)*\s+fees\s+CASH\s+5\.00\n/);
    expect(good.stdout).toMatch(/\s+house\s+CASH\s+-5\.00\n/);

    const again = await openDatabase({ dataDir: pgliteDirOf(dataDir) });
    await again.db.execute(sql`update ledger_accounts set balance = balance + 7 where system_name = 'fees'`);
    await again.close();
    const bad = await ledgerCheck();
    expect(bad.stdout).toContain('ledger check: MISMATCH');
    expect(bad.code).toBe(1);
  }, 60_000);
});
