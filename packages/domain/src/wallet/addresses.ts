import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import type { USDT_NETWORKS } from '../constants';

/** Address formats of the USDT networks: TRC20 (TRON base58check), BEP20/ERC20 (EIP-55 hex), TON. */
export type UsdtNetwork = (typeof USDT_NETWORKS)[number];

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

export function base58Decode(text: string): Uint8Array | undefined {
  let value = 0n;
  for (const char of text) {
    const digit = BASE58.indexOf(char);
    if (digit < 0) return undefined;
    value = value * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  while (value > 0n) {
    bytes.unshift(Number(value & 0xffn));
    value >>= 8n;
  }
  for (const char of text) {
    if (char !== '1') break;
    bytes.unshift(0);
  }
  return Uint8Array.from(bytes);
}

export function base58Encode(bytes: Uint8Array): string {
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) + BigInt(byte);
  let out = '';
  while (value > 0n) {
    out = BASE58[Number(value % 58n)] + out;
    value /= 58n;
  }
  for (const byte of bytes) {
    if (byte !== 0) break;
    out = `1${out}`;
  }
  return out;
}

const doubleSha = (bytes: Uint8Array) => sha256(sha256(bytes));
const equalBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);
const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** TRON: 'T' + base58check of 0x41 followed by 20 bytes. */
export function isTronAddress(address: string): boolean {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address)) return false;
  const bytes = base58Decode(address);
  if (bytes?.length !== 25 || bytes[0] !== 0x41) return false;
  return equalBytes(doubleSha(bytes.subarray(0, 21)).subarray(0, 4), bytes.subarray(21));
}

export function tronAddressFrom(body20: Uint8Array): string {
  const payload = new Uint8Array(21);
  payload[0] = 0x41;
  payload.set(body20.subarray(0, 20), 1);
  const whole = new Uint8Array(25);
  whole.set(payload);
  whole.set(doubleSha(payload).subarray(0, 4), 21);
  return base58Encode(whole);
}

/** EIP-55 mixed-case checksum of a 40-hex-digit address body. */
function eip55(body: string): string {
  const lower = body.toLowerCase();
  const hash = hex(keccak_256(new TextEncoder().encode(lower)));
  return [...lower].map((c, i) => (/[a-f]/.test(c) && Number.parseInt(hash[i] ?? '0', 16) >= 8 ? c.toUpperCase() : c)).join('');
}

/** BEP20 and ERC20: 0x + 40 hex digits; mixed case must carry a valid EIP-55 checksum. */
export function isEvmAddress(address: string): boolean {
  const match = /^0x([0-9a-fA-F]{40})$/.exec(address);
  if (!match) return false;
  const body = match[1] ?? '';
  if (body === body.toLowerCase() || body === body.toUpperCase()) return true;
  return eip55(body) === body;
}

export function evmAddressFrom(body20: Uint8Array): string {
  return `0x${eip55(hex(body20.subarray(0, 20)))}`;
}

function crc16(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

function fromBase64Url(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9+/_-]{48}$/.test(text)) return undefined;
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** TON: raw "0:<64 hex>" / "-1:<64 hex>", or the 48-character user-friendly form with its CRC16. */
export function isTonAddress(address: string): boolean {
  if (/^(0|-1):[0-9a-fA-F]{64}$/.test(address)) return true;
  const bytes = fromBase64Url(address);
  if (bytes?.length !== 36) return false;
  const tag = (bytes[0] ?? 0) & 0x7f;
  if (tag !== 0x11 && tag !== 0x51) return false;
  if (bytes[1] !== 0x00 && bytes[1] !== 0xff) return false;
  return crc16(bytes.subarray(0, 34)) === (((bytes[34] ?? 0) << 8) | (bytes[35] ?? 0));
}

/** A non-bounceable user-friendly TON address (base64url) for a 32-byte account hash. */
export function tonAddressFrom(hash32: Uint8Array): string {
  const bytes = new Uint8Array(36);
  bytes[0] = 0x51;
  bytes[1] = 0x00;
  bytes.set(hash32.subarray(0, 32), 2);
  const crc = crc16(bytes.subarray(0, 34));
  bytes[34] = crc >> 8;
  bytes[35] = crc & 0xff;
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
}

export function isValidAddress(network: UsdtNetwork, address: string): boolean {
  const text = address.trim();
  switch (network) {
    case 'TRC20':
      return isTronAddress(text);
    case 'BEP20':
    case 'ERC20':
      return isEvmAddress(text);
    case 'TON':
      return isTonAddress(text);
  }
}

/** A valid address of `network` derived from 32 seed bytes (sandbox deposit addresses). */
export function addressFromSeed(network: UsdtNetwork, seed32: Uint8Array): string {
  switch (network) {
    case 'TRC20':
      return tronAddressFrom(seed32);
    case 'BEP20':
    case 'ERC20':
      return evmAddressFrom(seed32);
    case 'TON':
      return tonAddressFrom(seed32);
  }
}
