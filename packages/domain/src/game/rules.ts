import type { Money } from '../money';

/**
 * The colour/size game (docs/api.md, "Game"; docs/fairness.md). One result 0-9 per session:
 * 1, 3, 7, 9 green; 2, 4, 6, 8 red; 0 red + violet; 5 green + violet.
 * Small 0-4, Big 5-9.
 */
export const COLOUR_BETS = ['Red', 'Green', 'Violet'] as const;
export const SIZE_BETS = ['Big', 'Small'] as const;
export const NUMBER_BETS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;
export const BET_NAMES = [...COLOUR_BETS, ...SIZE_BETS, ...NUMBER_BETS] as const;
export type BetName = (typeof BET_NAMES)[number];
export type BetKind = 'colour' | 'violet' | 'number' | 'size';

export type GameResult = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
export type Colour = 'Red' | 'Green' | 'Violet';

export function isBetName(value: string): value is BetName {
  return (BET_NAMES as readonly string[]).includes(value);
}

export function coloursOf(result: GameResult): Colour[] {
  if (result === 0) return ['Red', 'Violet'];
  if (result === 5) return ['Green', 'Violet'];
  return result % 2 === 0 ? ['Red'] : ['Green'];
}

export function sizeOf(result: GameResult): 'Big' | 'Small' {
  return result >= 5 ? 'Big' : 'Small';
}

export function kindOf(bet: BetName): BetKind {
  if (bet === 'Violet') return 'violet';
  if (bet === 'Red' || bet === 'Green') return 'colour';
  if (bet === 'Big' || bet === 'Small') return 'size';
  return 'number';
}

/** Per-level odds, in basis points (10000 = 1x). Operator configuration, shown to players. */
export interface GameOdds {
  /** Service fee taken off every stake before the multiplier applies. */
  feeBps: number;
  /** Red or Green on a plain colour. */
  colourBps: number;
  /** Green on 5 or Red on 0 (the number also carries violet). */
  colourOnVioletBps: number;
  violetBps: number;
  numberBps: number;
  sizeBps: number;
}

export const DEFAULT_ODDS: GameOdds = {
  feeBps: 200,
  colourBps: 20_000,
  colourOnVioletBps: 15_000,
  violetBps: 45_000,
  numberBps: 90_000,
  sizeBps: 20_000,
};

/** The multiplier (basis points) a bet earns on a result; 0 when it loses. */
export function multiplierBps(bet: BetName, result: GameResult, odds: GameOdds): number {
  switch (kindOf(bet)) {
    case 'number':
      return Number(bet) === result ? odds.numberBps : 0;
    case 'size':
      return sizeOf(result) === bet ? odds.sizeBps : 0;
    case 'violet':
      return result === 0 || result === 5 ? odds.violetBps : 0;
    case 'colour': {
      if (!coloursOf(result).includes(bet as Colour)) return 0;
      return result === 0 || result === 5 ? odds.colourOnVioletBps : odds.colourBps;
    }
  }
}

/** The fee comes off the stake first; what remains is what the multiplier applies to. */
export function betFee(stake: Money, odds: GameOdds): Money {
  return (stake * BigInt(odds.feeBps)) / 10_000n;
}

export interface BetOutcome {
  status: 'WIN' | 'LOSE';
  fee: Money;
  /** What is paid back (0 on a loss); truncated to the minor unit. */
  payout: Money;
  /** payout - stake. */
  profit: Money;
}

export function settleBet(bet: BetName, stake: Money, result: GameResult, odds: GameOdds): BetOutcome {
  const fee = betFee(stake, odds);
  const multiplier = multiplierBps(bet, result, odds);
  const payout = ((stake - fee) * BigInt(multiplier)) / 10_000n;
  return { status: multiplier > 0 ? 'WIN' : 'LOSE', fee, payout, profit: payout - stake };
}

/**
 * Return to player of each bet kind when every result 0-9 is equally likely:
 * the expected payout per unit staked, after the fee (e.g. Big at 2x with a 2% fee: 0.98).
 */
export function returnToPlayer(bet: BetName, odds: GameOdds): number {
  let total = 0;
  for (let result = 0; result <= 9; result++) total += multiplierBps(bet, result as GameResult, odds);
  return ((total / 10 / 10_000) * (10_000 - odds.feeBps)) / 10_000;
}

/** The game's bet statuses (specification point 4). */
export type BetStatus = 'PENDING' | 'WIN' | 'LOSE' | 'DRAW';
