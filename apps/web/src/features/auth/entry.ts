import { isApiError } from '@prism/client';
import type { IssuedToken } from '@prism/domain';

export type EntryTarget = 'home' | 'login';

export interface EntryDeps {
  hasToken: boolean;
  /** Raw Telegram initData, when launched from Telegram. */
  initData: string | undefined;
  telegramLogin: () => Promise<IssuedToken>;
  storeToken: (issued: IssuedToken) => void;
}

/**
 * The entry page's decision: a stored token goes home; inside Telegram a
 * linked account is signed in with its launch data; everyone else logs in.
 * A not-linked (11010) or invalid launch (11009) simply means "log in".
 */
export async function decideEntry({ hasToken, initData, telegramLogin, storeToken }: EntryDeps): Promise<EntryTarget> {
  if (hasToken) return 'home';
  if (!initData) return 'login';
  try {
    storeToken(await telegramLogin());
    return 'home';
  } catch (error) {
    if (!isApiError(error)) console.warn('telegramLogin failed', error);
    return 'login';
  }
}
