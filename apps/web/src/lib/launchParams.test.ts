import { describe, expect, it, vi } from 'vitest';
import { currentLaunchQuery, findLaunchQuery, parseLaunchQuery, versionAtLeast } from './launchParams';
import { sdkCompatibleQuery } from './sdkLaunchQuery';

const user = JSON.stringify({ id: 7, first_name: 'Tess', language_code: 'zh-hans' });
const oldData = new URLSearchParams({ user, auth_date: '1700000000', hash: 'abc' }).toString();
const query = (data: string, extra: Record<string, string> = {}) =>
  new URLSearchParams({ tgWebAppData: data, tgWebAppVersion: '6.0', tgWebAppPlatform: 'android', ...extra }).toString();

describe('launch parameters', () => {
  it('reads launch data without a signature (clients before Bot API 8.0), keeping the raw initData', () => {
    const launch = parseLaunchQuery(query(oldData, { tgWebAppThemeParams: JSON.stringify({ bg_color: '#ffffff', bad: 3, x: 'red' }) }));
    expect(launch).toMatchObject({ initData: oldData, version: '6.0', platform: 'android', languageCode: 'zh-hans' });
    expect(launch?.themeParams).toEqual({ bg_color: '#ffffff' });
  });

  it('is not a launch without a version or platform', () => {
    expect(parseLaunchQuery('tgWebAppData=a')).toBeUndefined();
    expect(findLaunchQuery(['http://x/pages/home', undefined, null])).toBeUndefined();
  });

  it('takes the first source with launch parameters (the hash now, the first navigation, the stored copy)', () => {
    const q = query(oldData, { tgWebAppStartParam: 'inv_AB12' });
    expect(findLaunchQuery(['http://x/pages/home', `http://x/#${q}`])).toBe(q);
    expect(parseLaunchQuery(q)?.startParam).toBe('inv_AB12');
  });

  it('gives the SDK a copy with an empty signature and leaves signed launch data alone', () => {
    const patched = new URLSearchParams(sdkCompatibleQuery(query(oldData)));
    const data = new URLSearchParams(patched.get('tgWebAppData') ?? '');
    expect(data.get('signature')).toBe('');
    expect(data.get('hash')).toBe('abc');
    const signed = query(`${oldData}&signature=xyz`);
    expect(sdkCompatibleQuery(signed)).toBe(signed);
  });

  it('compares dotted versions numerically', () => {
    expect(versionAtLeast('6.10', '6.9')).toBe(true);
    expect(versionAtLeast('6.0', '6.1')).toBe(false);
    expect(versionAtLeast('8.0', '8.0')).toBe(true);
  });
});

describe('currentLaunchQuery', () => {
  it('keeps the launch query as Telegram sent it for a reload, without the signature added for the SDK', () => {
    const store = new Map<string, string>();
    const sessionStorage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    const original = query(oldData);
    vi.stubGlobal('sessionStorage', sessionStorage);
    vi.stubGlobal('location', { href: `http://x/pages/home/home#${original}` });
    try {
      expect(currentLaunchQuery()).toBe(original);
      // The SDK's patched copy sits under its own key; after the router replaced the URL, a reload reads ours.
      store.set('tapps/launchParams', JSON.stringify(sdkCompatibleQuery(original)));
      vi.stubGlobal('location', { href: 'http://x/pages/Rechargepage/Rechargepage' });
      const reloaded = currentLaunchQuery();
      expect(reloaded).toBe(original);
      expect(parseLaunchQuery(reloaded ?? '')?.initData).toBe(oldData);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
