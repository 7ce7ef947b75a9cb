import { HttpClient } from '@prism/client';
import { formatMoney } from '@prism/domain';
import { loadConfig } from '../config';
import { openDatabase, pgliteDirOf } from '../db/client';
import { checkLedgerAndBets } from '../ledgerCheck';
import type { LedgerCheckReport } from '../modules/ledger';
import { operatorToken } from './credentials';

/**
 * `npm run ledger:check`: verifies the ledger and exits non-zero on any mismatch.
 * It asks the running server (the embedded database belongs to that process);
 * when no server answers, it opens the database itself.
 */
async function viaServer(): Promise<LedgerCheckReport | undefined> {
  const config = loadConfig();
  const token = await operatorToken(config.dataDir);
  if (!token) return undefined;
  const baseURL = `${(process.env.OPS_URL ?? `http://127.0.0.1:${config.PORT}`).replace(/\/$/, '')}/core/`;
  try {
    return await new HttpClient({ baseURL, getToken: () => `Ops ${token}`, timeoutMs: 120_000 }).get<LedgerCheckReport>(
      '/admin/ledger/check',
    );
  } catch (error) {
    if ((error as { kind?: string }).kind === 'transport') return undefined;
    throw error;
  }
}

async function directly(): Promise<LedgerCheckReport> {
  const config = loadConfig();
  // Migrations take a session-level lock: on DATABASE_DIRECT_URL, never through a transaction-mode pooler.
  const database = await openDatabase({
    url: config.DATABASE_URL,
    directUrl: config.DATABASE_DIRECT_URL,
    statements: config.DATABASE_STATEMENTS,
    dataDir: pgliteDirOf(config.dataDir),
  });
  try {
    await database.migrate();
    return await checkLedgerAndBets(database.db);
  } finally {
    await database.close();
  }
}

/**
 * The system accounts as an operator reads them, e.g. `rewards   CASH -10.00`: a negative balance
 * is what the platform has paid out of it (rewards, rebates), a positive one what it holds (fees).
 */
function systemAccountLines(report: LedgerCheckReport): string[] {
  const entries = Object.entries(report.systemAccounts ?? {});
  if (entries.length === 0) return [];
  const width = Math.max(...entries.map(([name]) => name.length));
  const lines = entries.flatMap(([name, assets]) =>
    Object.entries(assets).map(([asset, balance]) => `  ${name.padEnd(width)}  ${asset.padEnd(5)} ${formatMoney(BigInt(balance))}`),
  );
  return ['system accounts:', ...lines];
}

async function main(): Promise<number> {
  try {
    process.loadEnvFile('.env');
  } catch {
    // No .env: the environment and defaults apply.
  }
  const report = (await viaServer()) ?? (await directly());
  console.log(JSON.stringify(report, null, 2));
  for (const line of systemAccountLines(report)) console.log(line);
  console.log(report.ok ? 'ledger check: OK' : 'ledger check: MISMATCH');
  return report.ok ? 0 : 1;
}

main()
  .then((code) => {
    process.exitCode = code;
  })
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 2;
  });
