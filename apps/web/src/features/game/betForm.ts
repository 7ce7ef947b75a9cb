import { type BetName, betTotalOf, checkBetLists, formatMoney, type Money, parseMoney } from '@prism/domain';

/**
 * The bet form (specification points 3, 4 and 5): bet name, base amount and
 * multiples; total = base x multiples. It resets to base 0 (none chosen),
 * multiples 1 and Red.
 *
 * Multiples: the server takes only the room's betMultiple list (e.g. 1, 5, 10,
 * 20, 50, 100), so "+" and "-" step through that list, one entry per tap,
 * never below its smallest entry (which is >= 1). Stepping "+1" would land on
 * values such as 2 that the server refuses; a room configured with consecutive
 * multiples (1, 2, 3, ...) steps by exactly 1.
 */
export interface BetForm {
  betName: BetName;
  /** A decimal string from the room's betBaseAmount list; "0" while none is chosen. */
  baseAmount: string;
  multiples: number;
}

export const INITIAL_BET_FORM: BetForm = { betName: 'Red', baseAmount: '0', multiples: 1 };

/** The room's valid multiples: whole numbers >= 1, ascending, without repeats. */
export function multipleSteps(list: readonly number[]): number[] {
  const steps = [...new Set(list.filter((value) => Number.isInteger(value) && value >= 1))].sort((a, b) => a - b);
  return steps.length > 0 ? steps : [1];
}

/** A value of the list: the value itself, else the next larger entry, else the largest. */
export function snapMultiples(value: number, list: readonly number[]): number {
  const steps = multipleSteps(list);
  return steps.find((step) => step >= value) ?? (steps.at(-1) as number);
}

/** One step up or down the room's list (the next entry above or below the value); stays put at either end. */
export function stepMultiples(value: number, direction: 1 | -1, list: readonly number[]): number {
  const steps = multipleSteps(list);
  if (direction === 1) return steps.find((step) => step > value) ?? (steps.at(-1) as number);
  return steps.findLast((step) => step < value) ?? (steps[0] as number);
}

export function canStepMultiples(value: number, direction: 1 | -1, list: readonly number[]): boolean {
  return stepMultiples(value, direction, list) !== value;
}

/** The form after a bet (or when it opens): base 0, multiples 1 (or the room's smallest above it), Red. */
export function resetBetForm(list: readonly number[], betName: BetName = INITIAL_BET_FORM.betName): BetForm {
  return { ...INITIAL_BET_FORM, betName, multiples: snapMultiples(INITIAL_BET_FORM.multiples, list) };
}

const minorOf = (text: string): Money => {
  const parsed = parseMoney(text.trim());
  return parsed.ok ? parsed.value : 0n;
};

/** base x multiples as the wire's decimal string with 2 decimals ("100.00"); no floating point. */
export function betTotal(baseAmount: string, multiples: number): string {
  return formatMoney(Number.isInteger(multiples) && multiples > 0 ? betTotalOf(minorOf(baseAmount), multiples) : 0n);
}

export type BetCheck = 'chooseBase' | 'baseNotListed' | 'multiplesNotListed' | 'bettingClosed';

/**
 * What stops the form from being sent, if anything: the room's list rules are the domain's
 * (checkBetLists, the rules place_bet applies); the room's limits, the cap and the balance are
 * left to the server, which answers them by name.
 */
export function checkBetForm(
  form: BetForm,
  room: { betBaseAmount: readonly string[]; betMultiple: readonly number[] },
  bettingOpen: boolean,
): BetCheck | undefined {
  if (!bettingOpen) return 'bettingClosed';
  const base = minorOf(form.baseAmount);
  if (base <= 0n) return 'chooseBase';
  const lists = { bases: room.betBaseAmount.map(minorOf), multiples: multipleSteps(room.betMultiple) };
  const refusal = checkBetLists(base, form.multiples, lists);
  if (refusal === 'BET_BASE_INVALID') return 'baseNotListed';
  if (refusal === 'BET_MULTIPLE_INVALID') return 'multiplesNotListed';
  return undefined;
}
