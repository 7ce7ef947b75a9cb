import { type Asset, convert, type ExchangeRate, formatMoney, parseRate } from '@prism/domain';
import { parseAmountInput } from '../../lib/money';

/** The coins that can be exchanged from, and for each the coins it buys, in the order of the rate list. */
export function pairsOf(rates: readonly ExchangeRate[]): Map<Asset, Asset[]> {
  const pairs = new Map<Asset, Asset[]>();
  for (const rate of rates) {
    if (!parseRate(rate.rate)) continue;
    pairs.set(rate.fromCoin, [...(pairs.get(rate.fromCoin) ?? []), rate.toCoin]);
  }
  return pairs;
}

/** What `amountText` of `from` buys in `to` (rounded down, as the server does); undefined until it can be said. */
export function receivePreview(rates: readonly ExchangeRate[], from: Asset, to: Asset, amountText: string): string | undefined {
  const rate = rates.find((entry) => entry.fromCoin === from && entry.toCoin === to);
  const parsedRate = rate ? parseRate(rate.rate) : undefined;
  const amount = parseAmountInput(amountText);
  if (!parsedRate || !amount.ok) return undefined;
  return formatMoney(convert(amount.value, parsedRate));
}
