import { describe, expect, it } from 'vitest';
import { telegramLinkState } from './telegramLink';

describe('telegramLinkState', () => {
  it('is ready only with a linked chat and a username', () => {
    expect(telegramLinkState({ telegramLinked: true, telegramUsername: 'ada' })).toBe('ready');
    expect(telegramLinkState({ telegramLinked: true, telegramUsername: '' })).toBe('noUsername');
    expect(telegramLinkState({ telegramLinked: false, telegramUsername: '' })).toBe('unlinked');
  });
});
