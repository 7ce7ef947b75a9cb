import { describe, expect, it } from 'vitest';
import {
  formatGiftCode,
  GIFT_CODE_ALPHABET,
  GIFT_CODE_LENGTH,
  giftCodeStatus,
  isGiftCodeFormat,
  newGiftCode,
  normalizeGiftCode,
} from './giftCode';

describe('gift codes', () => {
  it('are 12 symbols of a 30-letter alphabet without look-alikes (about 59 bits)', () => {
    expect(GIFT_CODE_ALPHABET).toHaveLength(30);
    expect(new Set(GIFT_CODE_ALPHABET).size).toBe(30);
    for (const lookAlike of '01ILOU') expect(GIFT_CODE_ALPHABET).not.toContain(lookAlike);
    expect(GIFT_CODE_LENGTH * Math.log2(GIFT_CODE_ALPHABET.length)).toBeGreaterThan(58);
  });

  it('are generated from every symbol of the alphabet and always well-formed', () => {
    let i = 0;
    const code = newGiftCode((n) => i++ % n);
    expect(code).toBe('23456789ABCD');
    expect(isGiftCodeFormat(code)).toBe(true);
    expect(newGiftCode((n) => n - 1)).toBe('Z'.repeat(12));
  });

  it('are read in any case, with spaces or dashes, and refused when malformed', () => {
    expect(normalizeGiftCode(' abcd-efgh jkmn ')).toBe('ABCDEFGHJKMN');
    expect(isGiftCodeFormat('ABCDEFGHJKMN')).toBe(true);
    expect(isGiftCodeFormat('ABCDEFGHJKM')).toBe(false);
    expect(isGiftCodeFormat('ABCDEFGHJKMO')).toBe(false);
    expect(formatGiftCode('ABCDEFGHJKMN')).toBe('ABCD-EFGH-JKMN');
  });

  it('is in use until its expiry, then expired', () => {
    const expiry = new Date('2026-05-01T00:00:00Z');
    expect(giftCodeStatus(expiry, new Date('2026-04-30T23:59:59Z'))).toBe('in_use');
    expect(giftCodeStatus(expiry, expiry)).toBe('expired');
  });
});
