import { describe, expect, it } from 'vitest';
import { applyLocaleTo, decideLocale, directionOf, isLocale, pickLocale } from './locale';

describe('locale handling', () => {
  it('defaults to en-US when nothing (or something unknown) is stored', () => {
    expect(pickLocale(null)).toBe('en-US');
    expect(pickLocale('de')).toBe('en-US');
    expect(pickLocale('ar')).toBe('ar');
    expect(pickLocale('zh-TW')).toBe('zh-TW');
  });

  it('knows the five locales', () => {
    expect(['en-US', 'zh-TW', 'vi', 'fa', 'ar'].every(isLocale)).toBe(true);
    expect(isLocale('en')).toBe(false);
  });

  it('reads fa and ar right to left', () => {
    expect(directionOf('fa')).toBe('rtl');
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('en-US')).toBe('ltr');
    expect(directionOf('zh-TW')).toBe('ltr');
    expect(directionOf('vi')).toBe('ltr');
  });

  it('sets lang and dir on the document root', () => {
    const root = { lang: 'en-US', dir: 'ltr' };
    applyLocaleTo(root, 'ar');
    expect(root).toEqual({ lang: 'ar', dir: 'rtl' });
    applyLocaleTo(root, 'vi');
    expect(root).toEqual({ lang: 'vi', dir: 'ltr' });
  });

  it('keeps a stored language whatever Telegram says', () => {
    expect(decideLocale('vi', 'ar')).toEqual({ locale: 'vi', store: false });
    expect(decideLocale('en-US', 'fa')).toEqual({ locale: 'en-US', store: false });
  });

  it("takes Telegram's language on a first run inside Telegram, and stores it", () => {
    expect(decideLocale(null, 'ar')).toEqual({ locale: 'ar', store: true });
    expect(decideLocale(null, 'zh-hant')).toEqual({ locale: 'zh-TW', store: true });
    expect(decideLocale('de', 'fa')).toEqual({ locale: 'fa', store: true });
    expect(decideLocale(null, 'ru')).toEqual({ locale: 'en-US', store: true });
  });

  it('is en-US, not stored, in a browser with nothing stored', () => {
    expect(decideLocale(null, undefined)).toEqual({ locale: 'en-US', store: false });
  });
});
