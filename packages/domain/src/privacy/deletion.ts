import type { ErrorKey } from '../errorCatalogue';

/**
 * Why an account cannot be deleted yet, in the order the player must act on them: money still held
 * is the first thing to take out, money on its way (a withdrawal in review, a recharge being
 * credited) must land first, and money staked (bets, power, follow-invest, fixed deposits) must end
 * or mature before its balance can be taken out.
 */
export const DELETION_REASONS = ['money_held', 'money_in_flight', 'staked'] as const;
export type DeletionReason = (typeof DELETION_REASONS)[number];

/** What each module's door says about the account, gathered by the composition root. */
export interface DeletionFacts {
  /** Minor units per coin; only coins with a non-zero balance matter. */
  balances: Readonly<Record<string, bigint>>;
  pendingWithdrawals: number;
  /** Gateway orders still waiting for their payment and chain deposits seen but not credited yet. */
  pendingRecharges: number;
  openBets: number;
  activePowerHoldings: number;
  followInvestOrders: number;
  fixedDeposits: number;
}

/** The things behind one reason: coins for money held, kinds of record for the others. */
export interface DeletionBlocker {
  reason: DeletionReason;
  items: string[];
}

/** The catalogue error that refuses a deletion for each reason. */
export const DELETION_ERRORS: Readonly<Record<DeletionReason, ErrorKey>> = {
  money_held: 'ACCOUNT_DELETE_MONEY_HELD',
  money_in_flight: 'ACCOUNT_DELETE_MONEY_IN_FLIGHT',
  staked: 'ACCOUNT_DELETE_STAKED',
};

/** The word the player types to confirm, the same in every language (shown to them in the dialog). */
export const DELETE_CONFIRMATION_WORD = 'DELETE';

/** Whether what the player typed is the confirmation word (spaces around and letter case ignored). */
export function confirmsDeletion(typed: string): boolean {
  return typed.trim().toUpperCase() === DELETE_CONFIRMATION_WORD;
}

const counted = (entries: [string, number][]): string[] => entries.filter(([, n]) => n > 0).map(([name]) => name);

/** Every reason the account cannot be deleted now, in DELETION_REASONS order; empty when it can. */
export function deletionBlockers(facts: DeletionFacts): DeletionBlocker[] {
  const coins = Object.entries(facts.balances)
    .filter(([, amount]) => amount !== 0n)
    .map(([coin]) => coin)
    .sort();
  const inFlight = counted([
    ['withdrawals', facts.pendingWithdrawals],
    ['recharges', facts.pendingRecharges],
  ]);
  const staked = counted([
    ['bets', facts.openBets],
    ['power', facts.activePowerHoldings],
    ['followInvest', facts.followInvestOrders],
    ['fixedDeposits', facts.fixedDeposits],
  ]);
  const blockers: DeletionBlocker[] = [];
  if (coins.length > 0) blockers.push({ reason: 'money_held', items: coins });
  if (inFlight.length > 0) blockers.push({ reason: 'money_in_flight', items: inFlight });
  if (staked.length > 0) blockers.push({ reason: 'staked', items: staked });
  return blockers;
}

/** The catalogue error a deletion is refused with (the first blocker's reason wins), or null when it may go ahead. */
export function deletionRefusal(facts: DeletionFacts): ErrorKey | null {
  const first = deletionBlockers(facts)[0];
  return first ? DELETION_ERRORS[first.reason] : null;
}
