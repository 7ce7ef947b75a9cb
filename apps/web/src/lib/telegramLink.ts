import type { UserInfo } from '@prism/domain';
import { api } from './api';

/**
 * Where the user stands for withdrawals: 'ready' (linked, with the username the
 * withdrawal rule needs), 'noUsername' (linked chat, no username yet) or 'unlinked'.
 */
export type TelegramLinkState = 'ready' | 'noUsername' | 'unlinked';

export function telegramLinkState(user: Pick<UserInfo, 'telegramLinked' | 'telegramUsername'>): TelegramLinkState {
  if (!user.telegramLinked) return 'unlinked';
  return user.telegramUsername ? 'ready' : 'noUsername';
}

/** POST /app/user/telegram/linkToken: a one-time deep link into the bot that links this account to whoever presses Start. */
export const requestTelegramLink = () => api.user.telegramLinkToken();
