import { type Money, parseMoney, type ValidationKey } from '@prism/domain';
import { parseAmountInput, toMinor } from './money';

/**
 * What the holding products' previews share (follow-invest, fixed deposit): they
 * compute with the same domain formulas the server pays with, from the wire's figures.
 */

/** A wire rate ("0.80%") as basis points (80). */
export const basisPointsOf = (rate: string): number => {
  const parsed = parseMoney(rate.replace('%', ''));
  return parsed.ok ? Number(parsed.value) : 0;
};

export type HoldingAmount = { amount: Money } | { error: ValidationKey | 'INVEST_BELOW_MIN' };

/** The amount typed for a holding, refused as the server would under the product's minimum (a wire amount). */
export function holdingAmountOf(text: string, minimum: string): HoldingAmount {
  const amount = parseAmountInput(text);
  if (!amount.ok) return { error: amount.error };
  if (amount.value < toMinor(minimum)) return { error: 'INVEST_BELOW_MIN' };
  return { amount: amount.value };
}
