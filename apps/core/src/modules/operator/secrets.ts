import { createCipheriv, createDecipheriv, createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/**
 * The operator's credentials at rest. Setup links, session cookies, CSRF tokens, API tokens and
 * recovery codes are random (128 bits or more, recovery codes 60), so a plain sha256 is enough to
 * keep a database read from giving a usable credential; passwords use argon2id (platform/passwords).
 */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

/** Ten characters from an alphabet without look-alikes, grouped for reading: `k7m2p-9xq4t`. */
export function recoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const chars = [...randomBytes(10)].map((b) => alphabet[b % alphabet.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** A recovery code as typed (any case, with or without the dash), for hashing. */
export const normalizeRecoveryCode = (code: string): string => code.trim().toLowerCase().replace(/[\s-]/g, '');

export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** RFC 6238 as every authenticator app reads it: SHA1, 6 digits, 30 s. */
export const TOTP_PERIOD_SECONDS = 30;

function totpOf(login: string, secret: string): TOTP {
  return new TOTP({
    issuer: 'Prism',
    label: login,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/**
 * TOTP secrets cannot be hashed (the server must compute codes from them), so they are sealed with
 * AES-256-GCM under a key derived from the server secret: a copy of the database alone gives no
 * authenticator. Stored as `v1.<iv>.<ciphertext>.<tag>` (base64url).
 */
export const totpKeyOf = (serverSecret: string): Buffer => createHash('sha256').update(`prism:operator-totp:${serverSecret}`).digest();

export function sealTotpSecret(secret: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, sealed, cipher.getAuthTag()].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

/** The secret back; throws if it was sealed under another key or altered (GCM's tag). */
export function openTotpSecret(stored: string, key: Buffer): string {
  const [version, iv, sealed, tag] = stored.split('.');
  if (version !== 'v1' || !iv || !sealed || !tag) throw new Error('operator TOTP secret is not sealed (v1)');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
}

export const otpauthUrl = (login: string, secret: string): string => totpOf(login, secret).toString();

/** The time step a 6-digit code matches at `now`, one step either side allowed for clock drift; undefined if none. */
export function totpStep(secret: string, code: string, now: Date): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const delta = totpOf('', secret).validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return undefined;
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/** The current code: for the test helpers and the CLI's tests, which play the authenticator app. */
export const totpCode = (secret: string, now: Date): string => totpOf('', secret).generate({ timestamp: now.getTime() });
