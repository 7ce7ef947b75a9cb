import { describe, expect, it } from 'vitest';
import { applyLocaleTo, directionOf, isLocale, pickLocale } from './locale';

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
});
