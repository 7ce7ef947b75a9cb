import { describe, expect, it } from 'vitest';
import { isolate, localeFromTelegram, matchLocale } from './locales';

describe('localeFromTelegram', () => {
  it.each([
    ['ar', 'ar'],
    ['fa', 'fa'],
    ['fa-IR', 'fa'],
    ['vi', 'vi'],
    ['en', 'en-US'],
    ['en-GB', 'en-US'],
    ['zh', 'zh-TW'],
    ['zh-hans', 'zh-TW'],
    ['zh-hant', 'zh-TW'],
    ['zh-CN', 'zh-TW'],
    ['zh_TW', 'zh-TW'],
    ['ZH-HANT', 'zh-TW'],
    ['AR', 'ar'],
    ['ru', 'en-US'],
    ['pt-br', 'en-US'],
    ['arz', 'en-US'],
    ['', 'en-US'],
    [null, 'en-US'],
    [undefined, 'en-US'],
  ] as const)('%s -> %s', (code, expected) => {
    expect(localeFromTelegram(code)).toBe(expected);
  });
});

describe('isolate', () => {
  it('wraps a value in first-strong isolate and pop directional isolate', () => {
    expect(isolate('-5.00 CASH')).toBe('\u2068-5.00 CASH\u2069');
    expect(isolate(12)).toBe('\u206812\u2069');
  });
});

describe('matchLocale', () => {
  it('answers only a language of ours', () => {
    expect(matchLocale('ar')).toBe('ar');
    expect(matchLocale('de, fa;q=0.5')).toBe('fa');
    expect(matchLocale('*')).toBeUndefined();
    expect(matchLocale('de')).toBeUndefined();
    expect(matchLocale(undefined)).toBeUndefined();
  });
});
