import { describe, expect, it } from 'vitest';
import { translateMessage } from './index';
import { withdrawalTexts } from './telegram';

/**
 * In Arabic and Persian every value inside a sentence (a code, an order number, an amount with its
 * coin, an operator's Latin reason, a date) sits in Unicode isolates (U+2068 ... U+2069), so that
 * Telegram and the browser keep its order and the punctuation around it in place.
 */
const ISOLATED = /\u2068[^\u2068\u2069]*\u2069/g;

/** What is left of a text once its isolated values are taken out, without the brand name. */
const outsideIsolates = (text: string) => text.replace(ISOLATED, '').replaceAll('Prism', '');

describe('bot texts about withdrawals in right-to-left languages', () => {
  for (const locale of ['ar', 'fa'] as const) {
    it(`${locale}: every value is isolated`, () => {
      const t = withdrawalTexts(locale);
      const texts = [
        t.code('123456', 5),
        t.requested('W2026001', '-50.00', 'CASH'),
        t.approved('W2026001', '48.00', 'USDT'),
        t.rejected('W2026001', '50.00', 'CASH', 'Wrong account (IBAN)'),
      ];
      for (const text of texts) expect(outsideIsolates(text)).not.toMatch(/[A-Za-z0-9]/);
      expect(texts[0]).toContain('\u2068123456\u2069');
      expect(texts[1]).toContain('\u2068-50.00 CASH\u2069');
      expect(texts[3]).toContain('\u2068Wrong account (IBAN)\u2069');
    });
  }

  it('English and Chinese texts carry no isolates (left-to-right sentences need none)', () => {
    expect(withdrawalTexts('en-US').code('123456', 5)).not.toMatch(/[\u2068\u2069]/);
    expect(withdrawalTexts('zh-TW').rejected('W1', '1.00', 'CASH', 'x')).not.toMatch(/[\u2068\u2069]/);
  });
});

describe('server messages with values in right-to-left languages', () => {
  it('isolate the date and the amount in ar and fa only', () => {
    expect(translateMessage('DEPOSIT_LIMIT_DAY', 'ar', { remaining: '25.00' })).toContain('\u206825.00\u2069');
    expect(translateMessage('SELF_EXCLUDED', 'fa', { until: '2026-12-01 10:00' })).toContain('\u20682026-12-01 10:00\u2069');
    expect(translateMessage('DEPOSIT_LIMIT_DAY', 'en-US', { remaining: '25.00' })).not.toMatch(/[\u2068\u2069]/);
  });
});
