import type { Money } from '../money';
import { ADVISOR_MANAGEMENT_FEE_BP, type AdvisorTerms, advisorQuote } from './advisor';
import { type DepositTerms, depositQuote } from './deposit';
import { powerTermFee, powerTermIncome } from './power';

/**
 * A product's return NET of every fee, the one figure a product advertises
 * (docs/decisions.md, "What a player sees before money moves": a follow-invest product showed "Total return 5.60 %" and lost
 * 4.40 % after its 10 % fee). Computed on the product's minimum stake (its
 * "price"), with the same formulas the daily jobs pay with.
 */
export interface NetReturn {
  /** Gains less fees, in minor units; negative when the user gets back less than they pay. */
  amount: Money;
  /** `amount` as basis points of the principal, truncated toward zero (-440 = -4.40 %). */
  rateBp: number;
}

/** Gains less fees over a principal. */
export function netReturn(principal: Money, gains: Money, fees: Money): NetReturn {
  const amount = gains - fees;
  const rateBp = principal > 0n ? Number((amount * 10_000n) / principal) : 0;
  return { amount, rateBp };
}

/** Whether a product pays back less than it costs. */
export const losesMoney = (net: NetReturn): boolean => net.amount < 0n;

/** Follow-invest: daily earnings over the term plus the order's gift, less the management fee at maturity. */
export function advisorNetReturn(principal: Money, terms: AdvisorTerms, feeRateBp = ADVISOR_MANAGEMENT_FEE_BP): NetReturn {
  const quote = advisorQuote(principal, terms);
  const fee = principal <= 0n ? 0n : (principal * BigInt(feeRateBp)) / 10_000n;
  return netReturn(principal, quote.totalReturn + quote.giftAmount, fee);
}

/** Fixed deposit: the term's interest; no fee is charged. */
export function depositNetReturn(principal: Money, terms: DepositTerms): NetReturn {
  return netReturn(principal, depositQuote(principal, terms).expectedInterest, 0n);
}

/** Power package: the term's income less the term's daily management fees; the price returns at maturity. */
export function powerNetReturn(price: Money, terms: { power: Money; dailyRateBps: number; feeBps: number; termDays: number }): NetReturn {
  const income = powerTermIncome(terms.power, terms.dailyRateBps, terms.termDays);
  return netReturn(price, income, powerTermFee(terms.power, terms.feeBps, terms.termDays));
}

/** The operator's warning about a configured product that pays back less than it costs (admin health, product saves). */
export interface NegativeReturnWarning {
  kind: 'negativeNetReturn';
  product: 'advisor' | 'power' | 'deposit';
  id: number;
  name: string;
  /** The net return on the product's minimum stake, in basis points (negative). */
  netReturnBp: number;
}

/** The warning for a product, or none when its net return is not negative. */
export function negativeReturnWarnings(
  product: { product: NegativeReturnWarning['product']; id: number; name: string },
  net: NetReturn,
): NegativeReturnWarning[] {
  return losesMoney(net) ? [{ kind: 'negativeNetReturn', ...product, netReturnBp: net.rateBp }] : [];
}
