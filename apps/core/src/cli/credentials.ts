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
 * The CLI's credential: a personal API token (it acts with its operator's role), from OPS_TOKEN
 * or DATA_DIR/ops-operator-token. The server's break-glass token (its own OPS_TOKEN, or
 * DATA_DIR/ops-token) opens nothing but `operator bootstrap`.
 */
export async function operatorToken(dataDir: string): Promise<string> {
  return process.env.OPS_TOKEN?.trim() || (await readTrimmed(path.join(dataDir, OPERATOR_TOKEN_FILE)));
}

/** The break-glass token, for `operator bootstrap`: OPS_BREAK_GLASS_TOKEN, else DATA_DIR/ops-token. */
export async function breakGlassToken(dataDir: string): Promise<string> {
  return process.env.OPS_BREAK_GLASS_TOKEN?.trim() || (await readTrimmed(path.join(dataDir, OPS_TOKEN_FILE)));
}

export async function saveOperatorToken(dataDir: string, token: string): Promise<string> {
  const file = path.join(dataDir, OPERATOR_TOKEN_FILE);
  await writeFile(file, `${token}\n`, { mode: 0o600 });
  return file;
}
