import { type Asset, convert, type ExchangeRate, formatMoney, type MessageKey, type Money, parseRate } from '@prism/domain';
import { parseAmountInput, toMinor } from '../../lib/money';

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

/**
 * The amount checks before confirming, against the most that may be exchanged
 * (the balance: the turnover rule never refuses an exchange, its lock moves
 * with the money) and what it buys; the confirm button is off while one fails.
 */
export function checkExchangeAmount(
  amountText: string,
  limit: string,
  receive: string | undefined,
): { value: Money } | { error: MessageKey } {
  const parsed = parseAmountInput(amountText);
  if (!parsed.ok) return { error: parsed.error };
  if (parsed.value > toMinor(limit)) return { error: 'INSUFFICIENT_BALANCE' };
  if (receive === '0.00') return { error: 'EXCHANGE_TOO_SMALL' };
  return { value: parsed.value };
}
