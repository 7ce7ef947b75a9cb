import { GAME_COINS } from '../constants';

export type GameCoin = (typeof GAME_COINS)[number];

/**
 * The coins offered for a bet when the operator has not said otherwise (setting GAME_BET_COINS):
 * only coins a user can come to hold. CHIP comes by exchange from CASH and USDT, POINT from
 * tap-to-earn; nothing gives a user GOLD out of the box (no exchange rate into it, no reward in
 * it), so offering it would only lead to "Balance 0.00 GOLD". An operator who pays GOLD (a gift
 * code, a task reward, a rate into it) adds it to the setting.
 */
export const DEFAULT_BET_COINS: readonly GameCoin[] = ['CHIP', 'POINT'];

function isGameCoin(value: string): value is GameCoin {
  return (GAME_COINS as readonly string[]).includes(value);
}

/** "CHIP, POINT" -> ['CHIP', 'POINT']: the setting's game coins in its order; none valid (or unset) -> the default. */
export function offeredBetCoins(setting: string | undefined): GameCoin[] {
  const coins = (setting ?? '')
    .split(',')
    .map((coin) => coin.trim().toUpperCase())
    .filter(isGameCoin);
  const unique = [...new Set(coins)];
  return unique.length > 0 ? unique : [...DEFAULT_BET_COINS];
}

/** The coin to bet in: the remembered one while it is offered, else the first offered (CHIP by default). */
export function offeredCoinOr(remembered: string | null | undefined, offered: readonly GameCoin[]): GameCoin {
  const first = offered[0] ?? 'CHIP';
  return remembered && (offered as readonly string[]).includes(remembered) ? (remembered as GameCoin) : first;
}
