import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CodecError,
  decodeBytes,
  decodeResponse,
  decodeText,
  encodeBytes,
  encodeResponse,
  encodeText,
  isAlwaysEncrypted,
  randomCodecKey,
} from './codec';

const hexKey = fc.stringMatching(/^[0-9a-fA-F]{12}$/);

describe('codec', () => {
  it('round-trips any bytes with any key', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 4096 }), hexKey, (bytes, key) => {
        expect(decodeBytes(encodeBytes(bytes, key))).toEqual(bytes);
      }),
    );
  });

  it('round-trips any text, including non-BMP characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(decodeText(encodeText(text))).toBe(text);
      }),
    );
  });

  it('matches the documented layout: base64(key + body XOR key)', () => {
    const data = encodeText('a=1', '0123456789ab');
    const raw = atob(data);
    expect(raw.slice(0, 12)).toBe('0123456789ab');
    expect(raw.charCodeAt(12)).toBe('a'.charCodeAt(0) ^ '0'.charCodeAt(0));
    expect(raw.length).toBe(15);
  });

  it('accepts keys in upper or mixed case, as any 12 hex characters', () => {
    for (const key of ['0123456789AB', 'ABCDEFABCDEF', 'aBcDeF012345']) {
      expect(decodeText(encodeText('a=1&b=ü', key))).toBe('a=1&b=ü');
      // Another client's encoder: the key bytes as written, XOR cycled, base64.
      const body = new TextEncoder().encode('x=1');
      const keyBytes = new TextEncoder().encode(key);
      const raw = String.fromCharCode(...keyBytes, ...body.map((b, i) => b ^ (keyBytes[i % 12] ?? 0)));
      expect(decodeText(btoa(raw))).toBe('x=1');
    }
    expect(() => encodeText('a', '0123456789AG')).toThrow(CodecError);
  });

  it('makes 12-character hex keys that differ', () => {
    const key = randomCodecKey();
    expect(key).toMatch(/^[0-9a-f]{12}$/);
    expect(randomCodecKey()).not.toBe(key);
  });

  it.each(['', 'not base64!', btoa('short'), btoa('zzzzzzzzzzzzpayload'), 'abc'])('refuses %j', (data) => {
    expect(() => decodeBytes(data)).toThrow(CodecError);
  });

  it('refuses bodies that are not UTF-8', () => {
    const data = encodeBytes(new Uint8Array([0xff, 0xfe]), '0123456789ab');
    expect(() => decodeText(data)).toThrow(CodecError);
  });

  it('wraps and unwraps answers with the POST: prefix and passes plain JSON through', () => {
    const json = JSON.stringify({ code: 200, message: 'ok', result: { n: '١' }, timestamp: 1 });
    expect(encodeResponse(json).startsWith('POST:')).toBe(true);
    expect(decodeResponse(encodeResponse(json))).toBe(json);
    expect(decodeResponse(json)).toBe(json);
  });

  it('always encrypts tapingV2', () => {
    expect(isAlwaysEncrypted('/app/taping/tapingV2')).toBe(true);
    expect(isAlwaysEncrypted('/core/app/taping/tapingV2?x=1')).toBe(true);
    expect(isAlwaysEncrypted('/app/auth/login')).toBe(false);
  });
});
