import { describe, expect, it } from 'vitest';
import { errorCatalogue } from '../errorCatalogue';
import { validationMessages } from '../errors';
import { LOCALES, resolveLocale } from '../locales';
import { arCatalogue } from './catalogue/ar';
import { faCatalogue } from './catalogue/fa';
import { viCatalogue } from './catalogue/vi';
import { zhTWCatalogue } from './catalogue/zh-TW';
import { formatWait, messageTables, translateMessage } from './index';
import { operatorMessagesInEnglish } from './operatorEnglish';
import { arValidation } from './validation/ar';
import { faValidation } from './validation/fa';
import { viValidation } from './validation/vi';
import { zhTWValidation } from './validation/zh-TW';

describe('message tables', () => {
  const keys = [...Object.keys(errorCatalogue), ...Object.keys(validationMessages)].sort();

  it.each(LOCALES)('%s translates every key with a non-empty text', (locale) => {
    const table = messageTables[locale];
    expect(Object.keys(table).sort()).toEqual(keys);
    for (const key of keys) expect(table[key as keyof typeof table].trim()).not.toBe('');
  });

  // The web loads a language's two parts apart (validation with the forms, the catalogue with the pages beyond login).
  it.each([
    ['zh-TW', zhTWValidation, zhTWCatalogue],
    ['vi', viValidation, viCatalogue],
    ['fa', faValidation, faCatalogue],
    ['ar', arValidation, arCatalogue],
  ] as const)(
    "%s: the validation part holds exactly the validation keys, the catalogue part the rest but the operators'",
    (locale, validation, catalogue) => {
      expect(Object.keys(validation).sort()).toEqual(Object.keys(validationMessages).sort());
      const catalogueKeys = Object.keys(errorCatalogue).filter((key) => !key.startsWith('OPERATOR_'));
      expect(Object.keys(catalogue).sort()).toEqual(catalogueKeys.sort());
      expect(messageTables[locale]).toEqual({ ...catalogue, ...operatorMessagesInEnglish, ...validation });
    },
  );

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
