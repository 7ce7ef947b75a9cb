import { ApiError } from '@prism/client';
import type { IssuedToken } from '@prism/domain';
import { describe, expect, it } from 'vitest';
import { createTelegramSession, mayTryTelegram, sessionStep } from './telegramSession';

const issued = (token: string): IssuedToken => ({ token, expiresAt: '2099-01-01T00:00:00.000Z' });
const notLinked = () => new ApiError(11010, 'not linked', 'business');

describe('sessionStep: the one decision of every entry point', () => {
  it('lets a page with a token show itself, whatever Telegram says', () => {
    expect(sessionStep({ hasToken: true, initData: undefined, status: 'idle' })).toBe('ready');
    expect(sessionStep({ hasToken: true, initData: 'x', status: 'refused' })).toBe('ready');
  });

  it('waits for Telegram with launch data and no token, until Telegram refuses', () => {
    expect(sessionStep({ hasToken: false, initData: 'query_id=1', status: 'idle' })).toBe('telegram');
    expect(sessionStep({ hasToken: false, initData: 'query_id=1', status: 'signingIn' })).toBe('telegram');
    expect(sessionStep({ hasToken: false, initData: 'query_id=1', status: 'refused' })).toBe('login');
  });

  it('asks to log in outside Telegram', () => {
    expect(sessionStep({ hasToken: false, initData: undefined, status: 'idle' })).toBe('login');
  });
});

describe('mayTryTelegram', () => {
  it('tries with launch data, but not twice for the credential it was refused with', () => {
    expect(mayTryTelegram({ initData: undefined, held: null, refusedWith: undefined })).toBe(false);
    expect(mayTryTelegram({ initData: 'x', held: null, refusedWith: undefined })).toBe(true);
    expect(mayTryTelegram({ initData: 'x', held: 'dead', refusedWith: undefined })).toBe(true);
    expect(mayTryTelegram({ initData: 'x', held: 'dead', refusedWith: 'dead' })).toBe(false);
    expect(mayTryTelegram({ initData: 'x', held: null, refusedWith: null })).toBe(false);
    // A token from a later phone login may be renewed again.
    expect(mayTryTelegram({ initData: 'x', held: 'newer', refusedWith: null })).toBe(true);
  });
});

function session(options: { initData?: string; token?: string | null; login: (initData: string) => Promise<IssuedToken> }) {
  let token = options.token ?? null;
  const logins: string[] = [];
  const s = createTelegramSession({
    initData: () => options.initData,
    getToken: () => token,
    login: (initData) => {
      logins.push(initData);
      return options.login(initData);
    },
    storeToken: (value) => {
      token = value.token;
    },
  });
  return { s, logins, token: () => token, setToken: (value: string | null) => (token = value) };
}

describe('createTelegramSession', () => {
  it('signs a linked user in once for every caller at the same time, and stores the token', async () => {
    const { s, logins, token } = session({ initData: 'query_id=1', login: async () => issued('jwt') });
    expect(s.step()).toBe('telegram');
    const results = await Promise.all([s.ensure(), s.ensure(), s.renew()]);
    expect(results).toEqual([true, true, true]);
    expect(logins).toEqual(['query_id=1']);
    expect(token()).toBe('jwt');
    expect(s.step()).toBe('ready');
    // With a token, ensure asks nobody.
    await expect(s.ensure()).resolves.toBe(true);
    expect(logins).toHaveLength(1);
  });

  it('does not ask Telegram outside Telegram', async () => {
    const { s, logins } = session({ initData: undefined, login: async () => issued('jwt') });
    expect(s.step()).toBe('login');
    await expect(s.ensure()).resolves.toBe(false);
    await expect(s.renew()).resolves.toBe(false);
    expect(logins).toEqual([]);
  });

  it('sends a user who is not linked to log in, and does not ask again for the same credential', async () => {
    const { s, logins } = session({
      initData: 'query_id=1',
      login: async () => {
        throw notLinked();
      },
    });
    await expect(s.ensure()).resolves.toBe(false);
    expect(s.status.get()).toBe('refused');
    expect(s.step()).toBe('login');
    await expect(s.ensure()).resolves.toBe(false);
    expect(logins).toHaveLength(1);
  });

  it('renews a dead token with the launch data, once per dead token when Telegram refuses', async () => {
    let linked = true;
    const { s, logins, token, setToken } = session({
      initData: 'query_id=1',
      token: 'dead',
      login: async () => {
        if (!linked) throw notLinked();
        return issued('fresh');
      },
    });
    await expect(s.renew()).resolves.toBe(true);
    expect(token()).toBe('fresh');
    linked = false;
    setToken('dead again');
    await expect(s.renew()).resolves.toBe(false);
    await expect(s.renew()).resolves.toBe(false);
    expect(logins).toHaveLength(2);
    // A token from a phone login later: its expiry may be renewed again.
    setToken('phone login');
    linked = true;
    await expect(s.renew()).resolves.toBe(true);
    expect(s.status.get()).toBe('idle');
  });

  it('does not sign the user back in after the session ended here (Log out), until a new token', async () => {
    const { s, logins, setToken } = session({ initData: 'query_id=1', token: 'jwt', login: async () => issued('again') });
    s.end();
    setToken(null);
    expect(s.step()).toBe('login');
    await expect(s.ensure()).resolves.toBe(false);
    expect(logins).toEqual([]);
    setToken('phone login');
    await expect(s.renew()).resolves.toBe(true);
  });
});
