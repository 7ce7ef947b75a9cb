/**
 * Gift codes: the operator creates them, users redeem them once each. A code is
 * 12 symbols from a 30-letter alphabet without look-alikes (no 0/O, 1/I/L, U):
 * about 59 bits, so guessing one is not practical even without the rate limits.
 * Users may type it in any case, with spaces or dashes.
 */
export const GIFT_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ' as const;
export const GIFT_CODE_LENGTH = 12;

/** Upper case, without spaces and dashes: what the user typed, as stored. */
export function normalizeGiftCode(input: string): string {
  return input.replace(/[\s-]/g, '').toUpperCase();
}

export function isGiftCodeFormat(code: string): boolean {
  if (code.length !== GIFT_CODE_LENGTH) return false;
  for (const symbol of code) if (!GIFT_CODE_ALPHABET.includes(symbol)) return false;
  return true;
}

/** A new code from `pick(n)`, a uniform integer in [0, n) from a cryptographic source. */
export function newGiftCode(pick: (maxExclusive: number) => number): string {
  let code = '';
  for (let i = 0; i < GIFT_CODE_LENGTH; i++) code += GIFT_CODE_ALPHABET[pick(GIFT_CODE_ALPHABET.length)];
  return code;
}

/** Shown in groups of four ("ABCD-EFGH-JKMN"), easier to read out and type. */
export function formatGiftCode(code: string): string {
  return code.replace(/(.{4})(?=.)/g, '$1-');
}

/** A redemption record's status: the code it came from is still valid ("in use") or has expired. */
export type GiftCodeStatus = 'in_use' | 'expired';

export function giftCodeStatus(expiresAt: Date, now: Date): GiftCodeStatus {
  return now.getTime() < expiresAt.getTime() ? 'in_use' : 'expired';
}
