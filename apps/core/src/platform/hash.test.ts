import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from './hash';

describe('sha256Hex', () => {
  it('is SHA-256 in hex: the standard vector, and what createHash gives for text (UTF-8) and bytes', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    for (const text of ['', 'betting\n{"a":1}', 'سلام 你好 ✓'])
      expect(sha256Hex(text)).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
    const bytes = Buffer.from('00ff10ab', 'hex');
    expect(sha256Hex(bytes)).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(sha256Hex(new Uint8Array(bytes))).toBe(sha256Hex(bytes));
  });
});
