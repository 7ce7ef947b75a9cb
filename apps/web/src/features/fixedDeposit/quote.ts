import { type DepositProduct, type DepositQuote, depositQuote, type Money, type ValidationKey } from '@prism/domain';
import { basisPointsOf, holdingAmountOf } from '../../lib/holding';
import { parseAmountInput } from '../../lib/money';

export interface DepositPreview {
  /** The amount to open with, when it is valid and reaches the term's minimum. */
  amount?: Money;
  /** Why it cannot be opened (the field's error at submit). */
  error?: ValidationKey | 'INVEST_BELOW_MIN';
  /** A well-formed amount under the minimum: shown at once, before any submit. */
  belowMin: boolean;
  /** The daily and expected interest of any well-formed amount (even under the minimum). */
  quote?: DepositQuote;
}

/** What the deposit form shows before opening, by the same domain formula the server pays with. */
export function depositPreviewOf(product: DepositProduct, text: string): DepositPreview {
  const typed = holdingAmountOf(text, product.minAmount);
  const parsed = parseAmountInput(text);
  const quote = parsed.ok ? quoteFor(product, parsed.value) : undefined;
  if ('error' in typed) return { error: typed.error, belowMin: typed.error === 'INVEST_BELOW_MIN', quote };
  return { amount: typed.amount, belowMin: false, quote };
}

const quoteFor = (product: DepositProduct, amount: Money): DepositQuote =>
  depositQuote(amount, { annualRateBp: basisPointsOf(product.annualRate), days: product.days });
