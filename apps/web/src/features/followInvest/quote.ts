import {
  type AdvisorProduct,
  type AdvisorQuote,
  advisorNetReturn,
  advisorQuote,
  type Money,
  type NetReturn,
  parseMoney,
  type ValidationKey,
} from '@prism/domain';
import { parseAmountInput, toMinor } from '../../lib/money';

/** A wire rate ("0.80%") as basis points (80). */
export const basisPointsOf = (rate: string): number => {
  const parsed = parseMoney(rate.replace('%', ''));
  return parsed.ok ? Number(parsed.value) : 0;
};

export type QuoteCheck = { amount: Money; quote: AdvisorQuote; net: NetReturn } | { error: ValidationKey | 'INVEST_BELOW_MIN' };

/**
 * What the order confirmation shows before the order: the same domain formula
 * the server pays with (packages/domain earning/advisor.ts), so the figures match.
 */
export function quoteOf(product: AdvisorProduct, text: string): QuoteCheck {
  const amount = parseAmountInput(text);
  if (!amount.ok) return { error: amount.error };
  if (amount.value < toMinor(product.price)) return { error: 'INVEST_BELOW_MIN' };
  const terms = { dailyRateBp: basisPointsOf(product.dailyRate), days: product.days, giftRateBp: basisPointsOf(product.giftRate) };
  return {
    amount: amount.value,
    quote: advisorQuote(amount.value, terms),
    net: advisorNetReturn(amount.value, terms, basisPointsOf(product.managementFeeRate)),
  };
}
