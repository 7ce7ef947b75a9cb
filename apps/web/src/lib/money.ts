import { formatMoney, formatSignedMoney, type Money, minMoney, parseMoney, type ValidationKey } from '@prism/domain';

/**
 * Shows a wire amount (a decimal string such as "12.5") with exactly 2
 * decimals, through bigint minor units: no floating point touches money.
 */
export function formatAmount(value: string | null | undefined): string {
  const text = (value ?? '').trim();
  const negative = text.startsWith('-');
  const parsed = parseMoney(negative ? text.slice(1) : text);
  if (!parsed.ok) return formatMoney(0n);
  return formatMoney(negative ? -parsed.value : parsed.value);
}

/** "+1000.00" / "-20.00": an asset record's movement, always signed, 2 decimals (the domain's sign rule). */
export function formatSigned(value: string | null | undefined): string {
  return formatSignedMoney(toSignedMinor(value));
}

/** "1000.00" -> "1000", "12.50" -> "12.50": quick-pick labels without empty decimals. */
export function formatShort(value: string | null | undefined): string {
  return formatAmount(value).replace(/\.00$/, '');
}

/** A signed wire amount ("-50.00", "+1.5", "3") in minor units (0 when missing or malformed). */
export function toSignedMinor(value: string | null | undefined): Money {
  const text = (value ?? '').trim();
  const negative = text.startsWith('-');
  const minor = toMinor(negative || text.startsWith('+') ? text.slice(1) : text);
  return negative ? -minor : minor;
}

/** A wire amount in minor units (0 when missing or malformed). */
export function toMinor(value: string | null | undefined): Money {
  const parsed = parseMoney((value ?? '').trim());
  return parsed.ok ? parsed.value : 0n;
}

export type AmountInput = { ok: true; value: Money } | { ok: false; error: ValidationKey };

/**
 * What the user typed into an amount field: required, a non-negative decimal
 * with at most 2 decimals (a comma is taken as the decimal point), above zero.
 */
export function parseAmountInput(text: string): AmountInput {
  const trimmed = text.trim().replace(/\s+/g, '').replace(',', '.');
  if (trimmed === '') return { ok: false, error: 'AMOUNT_REQUIRED' };
  const parsed = parseMoney(trimmed);
  if (!parsed.ok) return { ok: false, error: parsed.reason === 'range' ? 'AMOUNT_TOO_LARGE' : 'AMOUNT_FORMAT' };
  if (parsed.value <= 0n) return { ok: false, error: 'AMOUNT_POSITIVE' };
  return { ok: true, value: parsed.value };
}

/** The smaller of two wire amounts, as minor units. */
export function minOf(a: string | null | undefined, b: string | null | undefined): Money {
  return minMoney(toMinor(a), toMinor(b));
}

/**
 * The sign shown before an amount of `asset`, from the CURRENCY_SYMBOL setting: a
 * plain sign ("$") is CASH's, the app's currency; "CASH:$,USDT:₮" gives coins
 * their own. None for a coin without one, or while the setting is unknown.
 */
export function currencySign(setting: string | undefined, asset: string | undefined): string {
  const text = (setting ?? '').trim();
  if (!text || !asset) return '';
  if (!/[:=]/.test(text)) return asset === 'CASH' ? text : '';
  for (const pair of text.split(',')) {
    const [coin, sign] = pair.split(/[:=]/);
    if (coin?.trim().toUpperCase() === asset) return sign?.trim() ?? '';
  }
  return '';
}
