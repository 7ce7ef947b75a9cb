import { ApiError } from '@prism/client';
import type { IssuedToken } from '@prism/domain';
import { describe, expect, it, vi } from 'vitest';
import { decideEntry } from './entry';

const issued: IssuedToken = { token: 'jwt', expiresAt: '2099-01-01T00:00:00.000Z' };

describe('decideEntry', () => {
  it('goes home with a stored token, without asking Telegram', async () => {
    const telegramLogin = vi.fn();
    await expect(decideEntry({ hasToken: true, initData: 'x', telegramLogin, storeToken: vi.fn() })).resolves.toBe('home');
    expect(telegramLogin).not.toHaveBeenCalled();
  });

  it('logs in outside Telegram', async () => {
    await expect(decideEntry({ hasToken: false, initData: undefined, telegramLogin: vi.fn(), storeToken: vi.fn() })).resolves.toBe('login');
  });

  it('signs a linked Telegram user in and stores the token', async () => {
    const storeToken = vi.fn();
    const target = await decideEntry({ hasToken: false, initData: 'query_id=1', telegramLogin: async () => issued, storeToken });
    expect(target).toBe('home');
    expect(storeToken).toHaveBeenCalledWith(issued);
  });

  it('sends a Telegram user who is not linked yet to the login page', async () => {
    const storeToken = vi.fn();
    const telegramLogin = async (): Promise<IssuedToken> => {
      throw new ApiError(11010, 'not linked', 'business');
    };
    await expect(decideEntry({ hasToken: false, initData: 'query_id=1', telegramLogin, storeToken })).resolves.toBe('login');
    expect(storeToken).not.toHaveBeenCalled();
  });
});
