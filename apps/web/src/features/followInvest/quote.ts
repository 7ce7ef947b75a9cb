import { type AdvisorProduct, type AdvisorQuote, advisorNetReturn, advisorQuote, type Money, type NetReturn } from '@prism/domain';
import { basisPointsOf, type HoldingAmount, holdingAmountOf } from '../../lib/holding';

export type QuoteCheck = { amount: Money; quote: AdvisorQuote; net: NetReturn } | Extract<HoldingAmount, { error: unknown }>;

/**
 * What the order confirmation shows before the order: the same domain formula
 * the server pays with (packages/domain earning/advisor.ts), so the figures match.
 */
export function quoteOf(product: AdvisorProduct, text: string): QuoteCheck {
  const typed = holdingAmountOf(text, product.price);
  if ('error' in typed) return typed;
  const terms = { dailyRateBp: basisPointsOf(product.dailyRate), days: product.days, giftRateBp: basisPointsOf(product.giftRate) };
  return {
    amount: typed.amount,
    quote: advisorQuote(typed.amount, terms),
    net: advisorNetReturn(typed.amount, terms, basisPointsOf(product.managementFeeRate)),
  };
}
