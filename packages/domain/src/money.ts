/**
 * Money is an integer count of minor units (hundredths) held in a bigint.
 * Floating point never touches an amount: the wire carries decimal strings,
 * the database carries bigint, and the UI formats to exactly 2 decimals.
 */
export type Money = bigint;

export const MONEY_DECIMALS = 2;
const SCALE = 100n;
/** The largest amount accepted anywhere (10^13 major units); keeps sums far from bigint column limits. */
export const MONEY_MAX: Money = 10n ** 15n;

const DECIMAL = /^(\d+)(?:\.(\d{1,2}))?$/;
/** Whole digits beyond this (after leading zeros) are above MONEY_MAX whatever they are. */
const MAX_WHOLE_DIGITS = 16;

export type ParseMoneyResult = { ok: true; value: Money } | { ok: false; reason: 'format' | 'decimals' | 'range' };

/**
 * Parses a non-negative decimal string ("12", "12.5", "12.50") into minor units.
 * A well-formed amount that is too big is 'range' however many digits it has, so
 * the caller can say "too large" rather than blame the decimals.
 */
export function parseMoney(input: string): ParseMoneyResult {
  const text = input.trim();
  const match = DECIMAL.exec(text);
  if (!match) {
    return { ok: false, reason: /^\d+\.\d{3,}$/.test(text) ? 'decimals' : 'format' };
  }
  const digits = (match[1] ?? '').replace(/^0+(?=\d)/, '');
  if (digits.length > MAX_WHOLE_DIGITS) return { ok: false, reason: 'range' };
  const whole = BigInt(digits);
  const fraction = BigInt((match[2] ?? '').padEnd(MONEY_DECIMALS, '0'));
  const value = whole * SCALE + fraction;
  if (value > MONEY_MAX) return { ok: false, reason: 'range' };
  return { ok: true, value };
}

/** Minor units to a decimal string with exactly 2 decimals ("-0.05", "1234.50"). */
export function formatMoney(value: Money): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const whole = abs / SCALE;
  const fraction = (abs % SCALE).toString().padStart(MONEY_DECIMALS, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/** Whole major units to minor units (for constants such as "1000"). */
export function money(major: number | bigint): Money {
  if (typeof major === 'number' && !Number.isInteger(major)) {
    throw new RangeError('money() takes whole units; use parseMoney for fractions');
  }
  return BigInt(major) * SCALE;
}

/** Applies a rate in basis points (1/100 of a percent), truncating toward zero so a fee never exceeds its rate. */
export function applyBasisPoints(value: Money, basisPoints: number): Money {
  return (value * BigInt(basisPoints)) / 10_000n;
}

export function minMoney(a: Money, b: Money): Money {
  return a < b ? a : b;
}

/** Which way money moved for the user: in (gain), out (loss) or neither. */
export type MoneyDirection = 'in' | 'out' | 'none';

/**
 * The one rule for the sign of money shown to a user (records, results,
 * confirmations): a negative amount left the user, a positive one came in.
 * Callers that know the direction from another fact (a gift's giver) sign the
 * amount first, with `signFor`.
 */
export function moneyDirection(value: Money): MoneyDirection {
  if (value > 0n) return 'in';
  if (value < 0n) return 'out';
  return 'none';
}

/** A non-negative amount with the sign of its direction: out is negative, in positive. */
export function signFor(direction: MoneyDirection, amount: Money): Money {
  const abs = amount < 0n ? -amount : amount;
  return direction === 'out' ? -abs : abs;
}

/** "+50.00" in, "-50.00" out, "0.00" neither: every signed amount a user reads. */
export function formatSignedMoney(value: Money): string {
  return moneyDirection(value) === 'in' ? `+${formatMoney(value)}` : formatMoney(value);
}

/** What a balance holds after spending `amount` (may be below zero: the spend would be refused). */
export function balanceAfter(balance: Money, amount: Money): Money {
  return balance - amount;
}
