import { LOCALES } from '@prism/domain';
import { describe, expect, it } from 'vitest';
import { botTexts } from '../texts';
import { greetingName } from './startAnswer';

describe('the /start greeting', () => {
  it('greets by first name, else by @username, else without a name', () => {
    expect(greetingName({ first_name: 'Ada', username: 'ada' })).toBe('Ada');
    expect(greetingName({ first_name: '  ', username: 'sam_t' })).toBe('@sam_t');
    expect(greetingName({ first_name: '' })).toBeUndefined();
  });

  it('never says "Prism, !" in any language when there is no name', () => {
    for (const locale of LOCALES) {
      const text = botTexts(locale).welcome(greetingName({ first_name: '' }));
      expect(text).toContain('Prism');
      expect(text).not.toMatch(/[,،，]\s*[!！]|يا\s*!|^\s*،/);
    }
    expect(botTexts('en').welcome(undefined)).toBe('Welcome to Prism!');
  });
});
