import type { Money } from '../money';

/**
 * Fixed deposits: a principal is held for a term at an annual rate and earns
 * interest every day (simple interest, 365-day year). A partial transfer-out
 * lowers the principal: the part taken out stops earning from the day it
 * leaves; interest already paid is kept. At term end the remaining principal
 * returns to the balance. Amounts are bigint minor units; division floors.
 */

const BP = 10_000n;
export const DAYS_PER_YEAR = 365n;

export interface DepositTerms {
  /** Annual interest rate in basis points (500 = 5.00% a year). */
  annualRateBp: number;
  /** Term in days. */
  days: number;
}

export interface DepositQuote {
  dailyInterest: Money;
  /** Interest over the whole term if nothing is transferred out. */
  expectedInterest: Money;
}

/** One day's interest on a principal: principal x rate / 365, floored. */
export function depositDailyInterest(principal: Money, annualRateBp: number): Money {
  if (principal <= 0n) return 0n;
  return (principal * BigInt(annualRateBp)) / (BP * DAYS_PER_YEAR);
}

/** What the deposit form shows before the deposit is opened. */
export function depositQuote(principal: Money, terms: DepositTerms): DepositQuote {
  const dailyInterest = depositDailyInterest(principal, terms.annualRateBp);
  return { dailyInterest, expectedInterest: dailyInterest * BigInt(terms.days) };
}

export type TransferOutCheck = { ok: true; remaining: Money } | { ok: false; reason: 'not_positive' | 'over_principal' };

/** A transfer-out of `amount` from `principal`: partial allowed, never more than is held. */
export function transferOut(principal: Money, amount: Money): TransferOutCheck {
  if (amount <= 0n) return { ok: false, reason: 'not_positive' };
  if (amount > principal) return { ok: false, reason: 'over_principal' };
  return { ok: true, remaining: principal - amount };
}
