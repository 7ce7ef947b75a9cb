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

  it('keeps a settled language whatever Telegram says', () => {
    expect(decideLocale('vi', true, 'ar')).toEqual({ locale: 'vi', store: false });
    expect(decideLocale('en-US', true, 'fa')).toEqual({ locale: 'en-US', store: false });
  });

  it('counts a language picked before the settled mark existed (anything but the old default en-US), and marks it', () => {
    expect(decideLocale('vi', false, 'ar')).toEqual({ locale: 'vi', store: true });
    expect(decideLocale('vi', false, undefined)).toEqual({ locale: 'vi', store: true });
  });

  it("takes Telegram's language on a first run inside Telegram, and over the en-US older versions stored for everyone", () => {
    expect(decideLocale(null, false, 'ar')).toEqual({ locale: 'ar', store: true });
    expect(decideLocale(null, false, 'zh-hant')).toEqual({ locale: 'zh-TW', store: true });
    expect(decideLocale('de', false, 'fa')).toEqual({ locale: 'fa', store: true });
    expect(decideLocale(null, false, 'ru')).toEqual({ locale: 'en-US', store: true });
    expect(decideLocale('en-US', false, 'ar')).toEqual({ locale: 'ar', store: true });
  });

  it('is the stored language or en-US, not stored, in a browser', () => {
    expect(decideLocale(null, false, undefined)).toEqual({ locale: 'en-US', store: false });
    expect(decideLocale('en-US', false, undefined)).toEqual({ locale: 'en-US', store: false });
  });
});
