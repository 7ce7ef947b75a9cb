import type { Money } from '../money';

/**
 * The bet's rules as pure functions: the same rules, in the same order, with the same error keys
 * as the database function place_bet (apps/core/src/modules/game/sql/place_bet.sql), which is
 * what decides a real bet in one statement. The web form previews with them; a property test
 * (placeBetRules.property.test.ts in the core) runs generated cases through both so they cannot
 * drift apart.
 */

/** The error keys a bet is refused with, in the order place_bet checks them. */
export const BET_REFUSALS = [
  'ERROR_SESSION',
  'BET_BASE_INVALID',
  'BET_MULTIPLE_INVALID',
  'BET_TOTAL_MISMATCH',
  'BET_LIMIT',
  'SELF_EXCLUDED',
  'BET_SESSION_LIMIT',
  'INSUFFICIENT_BALANCE',
] as const;
export type BetRefusal = (typeof BET_REFUSALS)[number];

/** The entries of a room's comma-separated list (game_levels.bet_base_amounts, bet_multiples), blanks dropped. */
export function roomListEntries(text: string): string[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** A room's base amounts (minor units) from its stored list. */
export const parseRoomBases = (text: string): Money[] => roomListEntries(text).map(BigInt);

/** A room's multiples from its stored list. */
export const parseRoomMultiples = (text: string): number[] => roomListEntries(text).map(Number);

/** What a bet asks for: base and multiples from the room's lists, and the total it claims. */
export interface BetAmounts {
  base: Money;
  multiples: number;
  total: Money;
}

/** The room's lists and limits a bet is checked against (all amounts in minor units). */
export interface BetRoomRules {
  bases: readonly Money[];
  multiples: readonly number[];
  /** chip_min_limit and chip_max_limit: the bounds of one bet's total. */
  minTotal: Money;
  maxTotal: Money;
  /** bet_amount_max: one player's stake in one session, all bets together. */
  sessionCap: Money;
}

/** total = base x multiples, exactly (minor units). */
export const betTotalOf = (base: Money, multiples: number): Money => base * BigInt(multiples);

/** The room's lists: the base and the multiples must each be one of its entries. */
export function checkBetLists(
  base: Money,
  multiples: number,
  lists: Pick<BetRoomRules, 'bases' | 'multiples'>,
): 'BET_BASE_INVALID' | 'BET_MULTIPLE_INVALID' | undefined {
  if (!lists.bases.includes(base)) return 'BET_BASE_INVALID';
  if (!lists.multiples.includes(multiples)) return 'BET_MULTIPLE_INVALID';
  return undefined;
}

/** The rules of one bet's amounts (lists, total, limits): what a form can check alone, before the session and the player. */
export function checkBetAmounts(form: BetAmounts, room: BetRoomRules): BetRefusal | undefined {
  const listed = checkBetLists(form.base, form.multiples, room);
  if (listed) return listed;
  if (form.total !== betTotalOf(form.base, form.multiples)) return 'BET_TOTAL_MISMATCH';
  if (form.total < room.minTotal || form.total > room.maxTotal) return 'BET_LIMIT';
  return undefined;
}

/** What the server knows at the moment of the bet besides the form and the room. */
export interface BetMoment {
  /** The session is open and between its start and its cut-off, and its room is enabled. */
  sessionOpen: boolean;
  /** The player's self-exclusion has not ended. */
  selfExcluded: boolean;
  /** The player's stake in this session before this bet. */
  staked: Money;
  /** The player's balance in the bet's coin. */
  balance: Money;
}

/** Every rule of a bet, in place_bet's order: the error key it is refused with, or undefined (accepted). */
export function checkBet(form: BetAmounts, room: BetRoomRules, moment: BetMoment): BetRefusal | undefined {
  if (!moment.sessionOpen) return 'ERROR_SESSION';
  const refusal = checkBetAmounts(form, room);
  if (refusal) return refusal;
  if (moment.selfExcluded) return 'SELF_EXCLUDED';
  if (moment.staked + form.total > room.sessionCap) return 'BET_SESSION_LIMIT';
  if (moment.balance < form.total) return 'INSUFFICIENT_BALANCE';
  return undefined;
}
