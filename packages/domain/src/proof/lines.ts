import { ASSETS, type Asset, WALLET_CURRENCIES } from '../constants';

/**
 * What each amount of a leaf is, in order: every coin's balance, then the money in flight (pending
 * withdrawals) of the coins that leave the platform. Money in flight is still owed to the player
 * until it is paid, so it is in their leaf too.
 */
export type LiabilityLine = `balance:${Asset}` | `inFlight:${(typeof WALLET_CURRENCIES)[number]}`;

export const LIABILITY_LINES: readonly LiabilityLine[] = [
  ...ASSETS.map((coin) => `balance:${coin}` as const),
  ...WALLET_CURRENCIES.map((coin) => `inFlight:${coin}` as const),
];

/** The kind and coin of a line ("inFlight:USDT" -> inFlight, USDT). */
export function lineParts(line: string): { kind: string; coin: string } {
  const [kind = '', coin = ''] = line.split(':');
  return { kind, coin };
}
