import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { OPS_TOKEN_FILE } from '../platform/secret';

/** Where `npm run ops -- login` keeps the operator's personal API token (mode 0600). */
export const OPERATOR_TOKEN_FILE = 'ops-operator-token';

const readTrimmed = (file: string) =>
  readFile(file, 'utf8').then(
    (text) => text.trim(),
    () => '',
  );

/**
 * OPS_TOKEN as the shell gave it, read before `.env` is loaded: in `.env` OPS_TOKEN is the
 * server's break-glass token, which the CLI must not mistake for an operator's.
 */
const shellToken = process.env.OPS_TOKEN?.trim();

/**
 * The CLI's credential: a personal API token (it acts with its operator's role), from OPS_TOKEN
 * in the environment or DATA_DIR/ops-operator-token (`npm run ops -- login`).
 */
export async function operatorToken(dataDir: string): Promise<string> {
  return shellToken || (await readTrimmed(path.join(dataDir, OPERATOR_TOKEN_FILE)));
}

/**
 * The break-glass token, for `operator bootstrap` only: OPS_BREAK_GLASS_TOKEN, else the server's
 * OPS_TOKEN from `.env`, else the generated DATA_DIR/ops-token.
 */
export async function breakGlassToken(dataDir: string): Promise<string> {
  const fromEnvFile = process.env.OPS_TOKEN?.trim() !== shellToken ? process.env.OPS_TOKEN?.trim() : undefined;
  return process.env.OPS_BREAK_GLASS_TOKEN?.trim() || fromEnvFile || (await readTrimmed(path.join(dataDir, OPS_TOKEN_FILE)));
}

export async function saveOperatorToken(dataDir: string, token: string): Promise<string> {
  const file = path.join(dataDir, OPERATOR_TOKEN_FILE);
  await writeFile(file, `${token}\n`, { mode: 0o600 });
  return file;
}
