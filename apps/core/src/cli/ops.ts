import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { HttpClient } from '@prism/client';
import { loadConfig } from '../config';
import { OPS_TOKEN_FILE } from '../platform/secret';
import { findCommand, opsUsage } from './commands';

/**
 * The operator CLI: `npm run ops -- <command>`. It talks to the running server's
 * operator API (/core/admin), so it works on the embedded database too.
 * OPS_URL (default http://127.0.0.1:$PORT) and OPS_TOKEN (default: DATA_DIR/ops-token) locate it.
 */
async function opsClient(): Promise<HttpClient> {
  try {
    process.loadEnvFile('.env');
  } catch {
    // No .env: the environment and defaults apply.
  }
  const config = loadConfig();
  const token = process.env.OPS_TOKEN ?? (await readFile(path.join(config.dataDir, OPS_TOKEN_FILE), 'utf8').catch(() => '')).trim();
  if (!token)
    throw new Error(
      `No operator token: set OPS_TOKEN or start the server once so that ${path.join(config.dataDir, OPS_TOKEN_FILE)} exists.`,
    );
  const baseURL = `${(process.env.OPS_URL ?? `http://127.0.0.1:${config.PORT}`).replace(/\/$/, '')}/core/`;
  return new HttpClient({ baseURL, getToken: () => `Ops ${token}` });
}

async function main(args: string[]): Promise<number> {
  const found = findCommand(args);
  if (!found) {
    console.log(opsUsage());
    return args.length ? 2 : 0;
  }
  const result = await found.command.run(found.rest, await opsClient());
  console.log(JSON.stringify(result, null, 2));
  return 0;
}

main(process.argv.slice(2))
  .then((code) => {
    process.exitCode = code;
  })
  .catch((error: unknown) => {
    console.error(error instanceof Error ? `${error.message}${'code' in error ? ` (code ${String(error.code)})` : ''}` : String(error));
    process.exitCode = 1;
  });
