import { GAME_COINS, type GameCoin } from '@prism/domain';
import { readStored, writeStored } from '../../lib/storage';

/**
 * The game coin (specification point 4): CHIP (default), GOLD or POINT, kept on this device.
 * Only the coins the operator offers (GAME_BET_COINS) are shown; a remembered coin that is not
 * offered (GOLD, by default) falls back to an offered one (useBetSheet).
 */
export type GamePlayCoin = GameCoin;

export const COIN_KEY = 'prism.game.coin';
export const ACK_KEY = 'prism.game.acknowledged';

export function isGameCoin(value: string | null | undefined): value is GamePlayCoin {
  return (GAME_COINS as readonly string[]).includes(value ?? '');
}

export function readCoin(): GamePlayCoin {
  const stored = readStored(COIN_KEY);
  return isGameCoin(stored) ? stored : 'CHIP';
}

export function writeCoin(coin: GamePlayCoin): void {
  writeStored(COIN_KEY, coin);
}

/** The last session whose result the user acknowledged, per room (session ids are unique across rooms). */
export function readAcknowledged(level: number): number | null {
  const value = Number(readStored(`${ACK_KEY}.${level}`));
  return Number.isInteger(value) && value > 0 ? value : null;
}

export function writeAcknowledged(level: number, sessionId: number): void {
  writeStored(`${ACK_KEY}.${level}`, String(sessionId));
}
