import { describe, expect, it } from 'vitest';
import { currencySign, formatAmount, formatShort, formatSigned, minOf, parseAmountInput, toMinor, toSignedMinor } from './money';

describe('formatAmount', () => {
  it('shows 2 decimals', () => {
    expect(formatAmount('0.00')).toBe('0.00');
    expect(formatAmount('12.5')).toBe('12.50');
    expect(formatAmount('1234')).toBe('1234.00');
    expect(formatAmount('-0.05')).toBe('-0.05');
  });
  it('shows 0.00 for missing or malformed values', () => {
    expect(formatAmount(undefined)).toBe('0.00');
    expect(formatAmount('abc')).toBe('0.00');
  });
});

describe('formatSigned and formatShort', () => {
  it('signs movements', () => {
    expect(formatSigned('1000')).toBe('+1000.00');
    expect(formatSigned('-20.5')).toBe('-20.50');
    expect(formatSigned('0')).toBe('0.00');
  });
  it('drops empty decimals from quick picks only', () => {
    expect(formatShort('1000.00')).toBe('1000');
    expect(formatShort('12.50')).toBe('12.50');
  });
});

describe('parseAmountInput (amount fields)', () => {
  it('accepts decimals with at most 2 places, a comma as the point, spaces', () => {
    expect(parseAmountInput('1000')).toEqual({ ok: true, value: 100_000n });
    expect(parseAmountInput(' 12,5 ')).toEqual({ ok: true, value: 1_250n });
    expect(parseAmountInput('1 000.25')).toEqual({ ok: true, value: 100_025n });
  });
  it('says what is wrong', () => {
    expect(parseAmountInput('')).toEqual({ ok: false, error: 'AMOUNT_REQUIRED' });
    expect(parseAmountInput('   ')).toEqual({ ok: false, error: 'AMOUNT_REQUIRED' });
    expect(parseAmountInput('1.234')).toEqual({ ok: false, error: 'AMOUNT_FORMAT' });
    expect(parseAmountInput('-5')).toEqual({ ok: false, error: 'AMOUNT_FORMAT' });
    expect(parseAmountInput('abc')).toEqual({ ok: false, error: 'AMOUNT_FORMAT' });
    expect(parseAmountInput('99999999999999999999')).toEqual({ ok: false, error: 'AMOUNT_TOO_LARGE' });
    expect(parseAmountInput('0.00')).toEqual({ ok: false, error: 'AMOUNT_POSITIVE' });
  });
});

describe('toMinor and minOf', () => {
  it('reads wire amounts', () => {
    expect(toMinor('12.34')).toBe(1_234n);
    expect(toMinor(undefined)).toBe(0n);
    expect(minOf('10.00', '2.50')).toBe(250n);
    expect(minOf('1', 'x')).toBe(0n);
  });
});

describe('toSignedMinor', () => {
  it('reads a signed wire amount', () => {
    expect(toSignedMinor('-50.00')).toBe(-5000n);
    expect(toSignedMinor('+1.5')).toBe(150n);
    expect(toSignedMinor('bad')).toBe(0n);
    expect(formatSigned('+3')).toBe('+3.00');
  });

  it("reads a signed net such as a day's result", () => {
    expect(toSignedMinor('-510.80')).toBe(-51_080n);
    expect(toSignedMinor('12.5')).toBe(1_250n);
    expect(toSignedMinor(' -0.05 ')).toBe(-5n);
    expect(toSignedMinor('--1')).toBe(0n);
    expect(toSignedMinor(undefined)).toBe(0n);
  });
});

describe('currencySign', () => {
  it('gives a plain sign to CASH only', () => {
    expect(currencySign('$', 'CASH')).toBe('$');
    expect(currencySign('$', 'CHIP')).toBe('');
  });
  it('reads per-coin signs', () => {
    expect(currencySign('CASH:₹, USDT=₮', 'USDT')).toBe('₮');
    expect(currencySign('CASH:₹, USDT=₮', 'CASH')).toBe('₹');
    expect(currencySign('CASH:₹', 'GOLD')).toBe('');
  });
  it('shows none while the setting or the coin is unknown', () => {
    expect(currencySign(undefined, 'CASH')).toBe('');
    expect(currencySign('  ', 'CASH')).toBe('');
    expect(currencySign('$', undefined)).toBe('');
  });
});
