import type { Money } from '../money';

/** Exchange rates carry 8 decimals: "0.01176471" is 1176471 / 10^8. */
export const RATE_SCALE = 100_000_000n;
const RATE = /^(\d{1,12})(?:\.(\d{1,8}))?$/;

export function parseRate(text: string): bigint | undefined {
  const match = RATE.exec(text.trim());
  if (!match) return undefined;
  const value = BigInt(match[1] ?? '0') * RATE_SCALE + BigInt((match[2] ?? '').padEnd(8, '0'));
  return value > 0n ? value : undefined;
}

export function formatRate(rate: bigint): string {
  const whole = rate / RATE_SCALE;
  const fraction = (rate % RATE_SCALE).toString().padStart(8, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}

/** What `amount` buys at `rate`, rounded down (the user never receives more than the rate gives). */
export function convert(amount: Money, rate: bigint): Money {
  return (amount * rate) / RATE_SCALE;
}
