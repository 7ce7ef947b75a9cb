import { describe, expect, it } from 'vitest';
import { errorCatalogue } from '../errorCatalogue';
import { validationMessages } from '../errors';
import { LOCALES, resolveLocale } from '../locales';
import { formatWait, messageTables, translateMessage } from './index';

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

describe('messages with a wait', () => {
  it('fill {{wait}} in with the time left, in the reader language, rounded up', () => {
    expect(formatWait(0.2, 'en-US')).toBe('1 second');
    expect(formatWait(45, 'en-US')).toBe('45 seconds');
    expect(formatWait(61, 'en-US')).toBe('2 minutes');
    expect(translateMessage('LOGIN_THROTTLED', 'en-US', { waitSeconds: 30 })).toBe(
      'Too many wrong passwords for this account, please try again in 30 seconds',
    );
    for (const locale of LOCALES) {
      const text = translateMessage('LOGIN_THROTTLED', locale, { waitSeconds: 120 });
      expect(text).not.toContain('{{');
      expect(text).toContain(formatWait(120, locale));
    }
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
