import { describe, expect, it } from 'vitest';
import { customerServiceAction } from './linkAction';

describe('opening customer service', () => {
  it('is "not set" for an empty, blank, unparsable or non-web address', () => {
    for (const address of ['', '   ', null, undefined, 'javascript:alert(1)', 'data:text/html,x', 'https://']) {
      expect(customerServiceAction(address, true)).toEqual({ kind: 'notSet' });
      expect(customerServiceAction(address, false)).toEqual({ kind: 'notSet' });
    }
  });

  it('opens t.me links with openTelegramLink inside Telegram, and other links in the in-app browser', () => {
    expect(customerServiceAction('https://t.me/prism_support', true)).toEqual({ kind: 'telegramLink', url: 'https://t.me/prism_support' });
    expect(customerServiceAction('@prism_support', true)).toEqual({ kind: 'telegramLink', url: 'https://t.me/prism_support' });
    expect(customerServiceAction('T.ME/prism_support', true)).toEqual({ kind: 'telegramLink', url: 'https://t.me/prism_support' });
    expect(customerServiceAction('https://help.example.com/chat', true)).toEqual({
      kind: 'inAppBrowser',
      url: 'https://help.example.com/chat',
    });
  });

  it('opens every link in a new tab in a browser', () => {
    expect(customerServiceAction('https://t.me/prism_support', false)).toEqual({ kind: 'newTab', url: 'https://t.me/prism_support' });
    expect(customerServiceAction(' https://help.example.com ', false)).toEqual({ kind: 'newTab', url: 'https://help.example.com/' });
  });
});
