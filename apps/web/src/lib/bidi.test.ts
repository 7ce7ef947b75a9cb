import type { Locale } from '@prism/domain';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { bidiInterpolation } from './bidi';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The app's i18next interpolation (lib/i18n) isolates every value in Arabic and Persian sentences, and only there. */
async function translator(locale: Locale) {
  const instance = i18next.createInstance();
  await instance.init({
    lng: locale,
    resources: {
      [locale]: {
        translation: { reason: 'السبب: {{reason}}', amount: 'المبلغ {{amount}}', items: '{{count}} item', items_other: '{{count}} items' },
      },
    },
    interpolation: bidiInterpolation(() => locale),
  });
  return instance;
}

describe('bidiInterpolation', () => {
  it('isolates interpolated values in ar and fa', async () => {
    for (const locale of ['ar', 'fa'] as const) {
      const t = (await translator(locale)).t as unknown as Translate;
      expect(t('reason', { reason: 'Wrong IBAN' })).toBe('السبب: \u2068Wrong IBAN\u2069');
      expect(t('amount', { amount: '-50.00 CASH' })).toBe('المبلغ \u2068-50.00 CASH\u2069');
    }
  });

  it('leaves left-to-right languages and markup alone', async () => {
    const t = (await translator('en-US')).t as unknown as Translate;
    expect(t('reason', { reason: '<b>R&D</b>' })).toBe('السبب: <b>R&D</b>');
    expect(t('items', { count: 2 })).toBe('2 items');
  });
});
