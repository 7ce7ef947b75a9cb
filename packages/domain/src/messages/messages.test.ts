import { describe, expect, it } from 'vitest';
import { errorCatalogue, validationMessages } from '../errors';
import { LOCALES, resolveLocale } from '../locales';
import { messageTables, translateMessage } from './index';

describe('message tables', () => {
  const keys = [...Object.keys(errorCatalogue), ...Object.keys(validationMessages)].sort();

  it.each(LOCALES)('%s translates every key with a non-empty text', (locale) => {
    const table = messageTables[locale];
    expect(Object.keys(table).sort()).toEqual(keys);
    for (const key of keys) expect(table[key as keyof typeof table].trim()).not.toBe('');
  });

  it('English is the catalogue wording, exactly', () => {
    expect(translateMessage('ERROR_SESSION', 'en-US')).toBe('Error Session');
    expect(translateMessage('TELEGRAM_USERNAME_REQUIRED', 'en-US')).toBe('Please set a username in Telegram before you can withdraw.');
    expect(translateMessage('NO_MORE_DATA', 'en-US')).toBe('no more data');
  });

  it('business codes are unique', () => {
    const codes = Object.entries(errorCatalogue)
      .filter(([key]) => key !== 'ACCOUNT_DISABLED')
      .map(([, entry]) => entry.code);
    expect(new Set(codes).size).toBe(codes.length);
  });
});

describe('resolveLocale', () => {
  it.each([
    [undefined, 'en-US'],
    ['', 'en-US'],
    ['en', 'en-US'],
    ['zh-CN', 'zh-TW'],
    ['zh-TW,zh;q=0.9', 'zh-TW'],
    ['vi-VN', 'vi'],
    ['fa-IR', 'fa'],
    ['AR', 'ar'],
    ['de-DE, ar;q=0.5', 'ar'],
    ['xx', 'en-US'],
  ])('%j -> %s', (header, expected) => {
    expect(resolveLocale(header)).toBe(expected);
  });
});
