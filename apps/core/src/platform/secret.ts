import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const SERVER_SECRET_FILE = 'server-secret';
/** The operator token file read by `npm run ops` on the same machine. */
export const OPS_TOKEN_FILE = 'ops-token';

/**
 * A secret (the server secret, the operator token): JWT_SECRET when set (required in production, shared by all
 * core processes); otherwise one generated on first start and kept in DATA_DIR.
 */
export async function loadOrCreateSecret(configured: string | undefined, dataDir: string, fileName = SERVER_SECRET_FILE): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, fileName);
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    await mkdir(dataDir, { recursive: true });
    const secret = randomBytes(32).toString('hex');
    await writeFile(file, `${secret}\n`, { mode: 0o600, flag: 'wx' }).catch(async () => undefined);
    return (await readFile(file, 'utf8')).trim();
  }
}
