import type { Money } from '../money';

/**
 * Advisor (follow-invest) products: the user stakes a principal with an
 * advisor for a number of days, is paid a daily earning, and at maturity gets
 * the principal back less the management fee (specification: 10% of principal).
 * All amounts are bigint minor units; every division floors (in the platform's
 * favour by less than one minor unit), so the sums below are exact.
 */

/** The management fee on the principal at maturity, in basis points (10%). */
export const ADVISOR_MANAGEMENT_FEE_BP = 1000;
const BP = 10_000n;

/** The contract terms an order copies from its product when it is placed. */
export interface AdvisorTerms {
  /** Daily earning rate on the principal, in basis points (80 = 0.80% a day). */
  dailyRateBp: number;
  /** Days the principal is held and earns. */
  days: number;
  /** A one-off bonus on the principal paid at the order, in basis points (0 = none). */
  giftRateBp: number;
}

export interface AdvisorQuote {
  dailyEarning: Money;
  totalReturn: Money;
  /** Total return rate over the whole term, in basis points (dailyRateBp x days). */
  totalReturnRateBp: number;
  giftAmount: Money;
  managementFee: Money;
  /** What comes back at maturity: principal less the management fee. */
  maturityAmount: Money;
}

/** One day's earning: principal x rate, floored. */
export function advisorDailyEarning(principal: Money, dailyRateBp: number): Money {
  if (principal <= 0n) return 0n;
  return (principal * BigInt(dailyRateBp)) / BP;
}

/** The management fee taken from the principal at maturity (10%, or the rate an order was placed with; floored). */
export function advisorManagementFee(principal: Money, feeRateBp = ADVISOR_MANAGEMENT_FEE_BP): Money {
  if (principal <= 0n) return 0n;
  return (principal * BigInt(feeRateBp)) / BP;
}

/** Principal less the management fee: what maturity pays back. */
export function advisorMaturityAmount(principal: Money): Money {
  return principal - advisorManagementFee(principal);
}

/** Everything shown before the order (and what the daily job and the maturity will pay). */
export function advisorQuote(principal: Money, terms: AdvisorTerms): AdvisorQuote {
  const dailyEarning = advisorDailyEarning(principal, terms.dailyRateBp);
  const managementFee = advisorManagementFee(principal);
  return {
    dailyEarning,
    totalReturn: dailyEarning * BigInt(terms.days),
    totalReturnRateBp: terms.dailyRateBp * terms.days,
    giftAmount: principal <= 0n ? 0n : (principal * BigInt(terms.giftRateBp)) / BP,
    managementFee,
    maturityAmount: principal - managementFee,
  };
}

/** Basis points as a percent with two decimals and a sign: 80 -> "0.80%", 2400 -> "24.00%". */
export function formatBasisPoints(bp: number): string {
  const whole = Math.trunc(bp / 100);
  const fraction = String(Math.abs(bp % 100)).padStart(2, '0');
  return `${bp < 0 && whole === 0 ? '-' : ''}${whole}.${fraction}%`;
}
