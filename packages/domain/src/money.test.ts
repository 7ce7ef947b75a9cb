import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyBasisPoints,
  balanceAfter,
  formatMoney,
  formatSignedMoney,
  MONEY_MAX,
  minMoney,
  money,
  moneyDirection,
  parseMoney,
  signFor,
} from './money';

describe('parseMoney', () => {
  it.each([
    ['0', 0n],
    ['12', 1200n],
    ['12.5', 1250n],
    ['12.50', 1250n],
    ['0.01', 1n],
    [' 7.05 ', 705n],
  ])('parses %j', (text, expected) => {
    expect(parseMoney(text)).toEqual({ ok: true, value: expected });
  });

  it.each(['', '-1', '+1', 'abc', '1e3', '1,000', '.5', '5.', 'NaN', 'Infinity', '0x10', '١٢'])('refuses %j as format', (text) => {
    expect(parseMoney(text)).toEqual({ ok: false, reason: 'format' });
  });

  it('refuses more than two decimals', () => {
    expect(parseMoney('1.005')).toEqual({ ok: false, reason: 'decimals' });
  });

  it('refuses amounts above the ceiling', () => {
    expect(parseMoney('10000000000001')).toEqual({ ok: false, reason: 'range' });
    expect(parseMoney('10000000000000')).toEqual({ ok: true, value: MONEY_MAX });
  });

  it.each(['99999999999999999999', '99999999999999999999.99', '1'.repeat(300), '100000000000000000.5'])(
    'calls the well-formed but over-large %j too large, not a decimals problem',
    (text) => {
      expect(parseMoney(text)).toEqual({ ok: false, reason: 'range' });
    },
  );

  it('leading zeros do not make an amount too large', () => {
    expect(parseMoney(`${'0'.repeat(30)}12.50`)).toEqual({ ok: true, value: 1250n });
    expect(parseMoney('99999999999999999999.999')).toEqual({ ok: false, reason: 'decimals' });
  });
});

describe('formatMoney', () => {
  it.each([
    [0n, '0.00'],
    [1n, '0.01'],
    [1250n, '12.50'],
    [-5n, '-0.05'],
    [123456789n, '1234567.89'],
  ])('formats %s', (value, text) => {
    expect(formatMoney(value)).toBe(text);
  });

  it('round-trips every non-negative amount', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: MONEY_MAX }), (value) => {
        expect(parseMoney(formatMoney(value))).toEqual({ ok: true, value });
      }),
    );
  });
});

describe('helpers', () => {
  it('money() takes whole units only', () => {
    expect(money(1000)).toBe(100000n);
    expect(() => money(1.5)).toThrow(RangeError);
  });

  it('applyBasisPoints truncates toward zero', () => {
    expect(applyBasisPoints(10000n, 200)).toBe(200n);
    expect(applyBasisPoints(99n, 200)).toBe(1n);
    expect(applyBasisPoints(49n, 200)).toBe(0n);
  });

  it('minMoney', () => {
    expect(minMoney(3n, 2n)).toBe(2n);
    expect(minMoney(2n, 3n)).toBe(2n);
  });
});

describe('the sign of money a user reads', () => {
  it('out is negative, in positive, zero neither', () => {
    expect(moneyDirection(-1n)).toBe('out');
    expect(moneyDirection(5000n)).toBe('in');
    expect(moneyDirection(0n)).toBe('none');
    expect(formatSignedMoney(signFor('out', 50_00n))).toBe('-50.00');
    expect(formatSignedMoney(signFor('in', -50_00n))).toBe('+50.00');
    expect(formatSignedMoney(0n)).toBe('0.00');
    expect(balanceAfter(120_00n, 50_00n)).toBe(70_00n);
  });
});
