import { describe, expect, it } from 'vitest';
import { localeFromTelegram } from './locales';

describe('localeFromTelegram', () => {
  it('maps every Chinese to zh-TW', () => {
    for (const code of ['zh', 'zh-hans', 'zh-hant', 'zh-TW', 'zh-cn', 'ZH_HK']) expect(localeFromTelegram(code)).toBe('zh-TW');
  });

  it('maps the other languages we have by prefix', () => {
    expect(localeFromTelegram('ar')).toBe('ar');
    expect(localeFromTelegram('fa-IR')).toBe('fa');
    expect(localeFromTelegram('vi')).toBe('vi');
    expect(localeFromTelegram('en')).toBe('en-US');
    expect(localeFromTelegram('en-GB')).toBe('en-US');
  });

  it('falls back to en-US for languages we do not have, and for none', () => {
    for (const code of ['ru', 'pt-br', 'he', '', '  ', undefined, null]) expect(localeFromTelegram(code)).toBe('en-US');
  });
});
