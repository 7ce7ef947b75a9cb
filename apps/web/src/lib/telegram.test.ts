import { describe, expect, it } from 'vitest';
import { type LaunchTraces, mayBeTelegram } from './telegram';

const browser: LaunchTraces = {
  href: 'http://localhost:3000/',
  navigationUrl: undefined,
  storedLaunchParams: false,
  webviewProxy: false,
  framed: false,
};

describe('mayBeTelegram', () => {
  it('skips the SDK in a plain browser', () => {
    expect(mayBeTelegram(browser)).toBe(false);
    expect(mayBeTelegram({ ...browser, href: 'http://localhost:3000/pages/login/login?invitationCode=AB12' })).toBe(false);
  });

  it('loads it for launch parameters in the URL hash, now or at the first navigation', () => {
    expect(mayBeTelegram({ ...browser, href: 'http://x/#tgWebAppData=query_id%3D1&tgWebAppVersion=8.0' })).toBe(true);
    expect(mayBeTelegram({ ...browser, navigationUrl: 'http://x/#tgWebAppPlatform=tdesktop' })).toBe(true);
  });

  it('loads it inside Telegram clients', () => {
    expect(mayBeTelegram({ ...browser, storedLaunchParams: true })).toBe(true);
    expect(mayBeTelegram({ ...browser, webviewProxy: true })).toBe(true);
    expect(mayBeTelegram({ ...browser, framed: true })).toBe(true);
  });
});
