/**
 * The wire "encryption" of specification point 7 (docs/api.md, "Protocol"). It is obfuscation,
 * not security (TLS is the security): a 12-character random hex key (any case), the UTF-8
 * bytes of the urlencoded body XORed with the key's bytes (cycled), the key
 * prepended, and the whole base64-encoded into a single field named `data`.
 * Encrypted answers are `POST:` followed by the same encoding of the JSON.
 */
export const CODEC_KEY_LENGTH = 12;
export const ENCRYPTED_FIELD = 'data';
export const ENCRYPTED_RESPONSE_PREFIX = 'POST:';
export const ENCRYPTION_HEADER = 'Encryption';
/** Paths (relative to /core/) that are always encrypted whatever the flag says. */
export const ALWAYS_ENCRYPTED_PATHS: readonly string[] = ['/app/taping/tapingV2'];

export class CodecError extends Error {
  override name = 'CodecError';
}

// Any case: other clients write the key in upper case, and the key's bytes are used as written.
const HEX_KEY = /^[0-9a-f]{12}$/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export function isAlwaysEncrypted(path: string): boolean {
  const clean = path.split('?')[0] ?? '';
  return ALWAYS_ENCRYPTED_PATHS.some((p) => clean === p || clean.endsWith(p));
}

export function randomCodecKey(): string {
  const bytes = new Uint8Array(CODEC_KEY_LENGTH / 2);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function xor(bytes: Uint8Array, key: Uint8Array): Uint8Array {
  const out = new Uint8Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) out[i] = (bytes[i] ?? 0) ^ (key[i % key.length] ?? 0);
  return out;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array {
  if (!BASE64.test(text) || text.length % 4 !== 0) throw new CodecError('data is not base64');
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

export function encodeBytes(bytes: Uint8Array, key: string = randomCodecKey()): string {
  if (!HEX_KEY.test(key)) throw new CodecError('the key must be 12 hex characters');
  const keyBytes = new TextEncoder().encode(key);
  const scrambled = xor(bytes, keyBytes);
  const whole = new Uint8Array(keyBytes.length + scrambled.length);
  whole.set(keyBytes, 0);
  whole.set(scrambled, keyBytes.length);
  return toBase64(whole);
}

export function decodeBytes(data: string): Uint8Array {
  const whole = fromBase64(data.trim());
  if (whole.length < CODEC_KEY_LENGTH) throw new CodecError('data is too short');
  const keyBytes = whole.subarray(0, CODEC_KEY_LENGTH);
  if (!HEX_KEY.test(String.fromCharCode(...keyBytes))) throw new CodecError('data has no valid key');
  return xor(whole.subarray(CODEC_KEY_LENGTH), keyBytes);
}

export function encodeText(text: string, key?: string): string {
  return encodeBytes(new TextEncoder().encode(text), key);
}

export function decodeText(data: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(decodeBytes(data));
  } catch (error) {
    if (error instanceof CodecError) throw error;
    throw new CodecError('data is not UTF-8 text');
  }
}

/** Encodes a JSON answer the way the server sends it when encryption is on. */
export function encodeResponse(json: string, key?: string): string {
  return ENCRYPTED_RESPONSE_PREFIX + encodeText(json, key);
}

/** Returns the JSON text of an answer, unscrambling it when it starts with `POST:`. */
export function decodeResponse(body: string): string {
  return body.startsWith(ENCRYPTED_RESPONSE_PREFIX) ? decodeText(body.slice(ENCRYPTED_RESPONSE_PREFIX.length)) : body;
}
