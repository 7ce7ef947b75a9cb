import { hash, verify } from '@node-rs/argon2';

/** argon2id with OWASP's minimum (19 MiB, 2 iterations, 1 lane); docs/decisions.md, "Passwords and one-time codes". */
// 2 is Algorithm.Argon2id; the package exports it as an ambient const enum, which isolated modules cannot read.
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash of a throw-away password: verifying against it costs the same time as a real one. */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword('prism-decoy-password');
  return decoy;
}
