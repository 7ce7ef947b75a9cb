import path from 'node:path';
import { HttpClient } from '@prism/client';
import { loadConfig } from '../config';
import type { CliContext, OpsCommand } from './command';
import { findCommand, opsUsage } from './commands';
import { breakGlassToken, OPERATOR_TOKEN_FILE, operatorToken } from './credentials';

/**
 * The operator CLI: `npm run ops -- <command>`. It talks to the running server's
 * operator API (/core/admin), so it works on the embedded database too. OPS_URL (default
 * http://127.0.0.1:$PORT, PORT and DATA_DIR from .env) locates it; it signs in as an operator with
 * a personal API token: OPS_TOKEN, or DATA_DIR/ops-operator-token written by `npm run ops -- login`.
 */
function cliContext(): CliContext {
  try {
    process.loadEnvFile('.env');
  } catch {
    // No .env: the environment and defaults apply.
  }
  const config = loadConfig();
  return { baseUrl: (process.env.OPS_URL ?? `http://127.0.0.1:${config.PORT}`).replace(/\/$/, ''), dataDir: config.dataDir };
}

async function opsClient(command: OpsCommand, cli: CliContext): Promise<HttpClient> {
  const credential = command.credential ?? 'operator';
  const token =
    credential === 'none' ? '' : credential === 'breakGlass' ? await breakGlassToken(cli.dataDir) : await operatorToken(cli.dataDir);
  if (!token && credential !== 'none')
    throw new Error(
      credential === 'breakGlass'
        ? `No break-glass token: set OPS_BREAK_GLASS_TOKEN or run this where the server's ${path.join(cli.dataDir, 'ops-token')} is.`
        : `No operator token: run \`npm run ops -- login\` (writes ${path.join(cli.dataDir, OPERATOR_TOKEN_FILE)}) or set OPS_TOKEN to a personal API token from the console.`,
    );
  return new HttpClient({ baseURL: `${cli.baseUrl}/core/`, getToken: () => (token ? `Ops ${token}` : undefined) });
}

async function main(args: string[]): Promise<number> {
  const found = findCommand(args);
  if (!found) {
    console.log(opsUsage());
    return args.length ? 2 : 0;
  }
  const cli = cliContext();
  const result = await found.command.run(found.rest, await opsClient(found.command, cli), cli);
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
