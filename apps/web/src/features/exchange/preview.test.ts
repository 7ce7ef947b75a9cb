import type { ExchangeRate } from '@prism/domain';
import { describe, expect, it } from 'vitest';
import { checkExchangeAmount, pairsOf, receivePreview } from './preview';

const rates: ExchangeRate[] = [
  { fromCoin: 'CASH', toCoin: 'CHIP', rate: '1' },
  { fromCoin: 'CASH', toCoin: 'USDT', rate: '0.01176470' },
  { fromCoin: 'USDT', toCoin: 'CASH', rate: '85' },
  { fromCoin: 'GOLD', toCoin: 'CHIP', rate: 'bad' },
];

describe('exchange preview', () => {
  it('lists the pairs with a usable rate', () => {
    expect([...pairsOf(rates).entries()]).toEqual([
      ['CASH', ['CHIP', 'USDT']],
      ['USDT', ['CASH']],
    ]);
  });
  it('converts rounding down', () => {
    expect(receivePreview(rates, 'CASH', 'USDT', '1000')).toBe('11.76');
    expect(receivePreview(rates, 'USDT', 'CASH', '2.5')).toBe('212.50');
    expect(receivePreview(rates, 'CASH', 'GOLD', '10')).toBeUndefined();
    expect(receivePreview(rates, 'CASH', 'CHIP', '')).toBeUndefined();
  });
});

describe('exchange amount check', () => {
  it('refuses more than the limit, dust and bad input before confirming', () => {
    expect(checkExchangeAmount('100', '100.00', '100.00')).toEqual({ value: 10_000n });
    expect(checkExchangeAmount('100.01', '100.00', '100.01')).toEqual({ error: 'INSUFFICIENT_BALANCE' });
    expect(checkExchangeAmount('0.01', '100.00', '0.00')).toEqual({ error: 'EXCHANGE_TOO_SMALL' });
    expect(checkExchangeAmount('abc', '100.00', undefined)).toHaveProperty('error');
  });
});
