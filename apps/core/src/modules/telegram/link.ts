import { AppError } from '@prism/domain';
import type { Executor } from '../../db/client';
import { findUserByTelegramId, setTelegramIdentity, type UserRow } from '../user';
import type { TelegramLaunch } from './initData';

/** Who a Telegram user is, as proved by initData or by the bot (which sees the user pressing Start). */
export type TelegramIdentity = Pick<TelegramLaunch, 'telegramId' | 'username'>;

/**
 * Links a phone account to the Telegram user who proved both: the password (or
 * code) for the account and a validated initData. One Telegram user per account
 * and one account per Telegram user, because withdrawal codes go to that chat.
 */
export async function linkTelegram(db: Executor, user: UserRow, launch: TelegramIdentity): Promise<void> {
  if (user.telegramId != null && user.telegramId !== launch.telegramId) throw new AppError('PHONE_LINKED_OTHER_TELEGRAM');
  const holder = await findUserByTelegramId(db, launch.telegramId);
  if (holder && holder.id !== user.id) throw new AppError('TELEGRAM_LINKED_ELSEWHERE');
  await refreshTelegramUser(db, user.id, launch);
}

/** Keeps the stored Telegram id and username current (usernames change). */
export async function refreshTelegramUser(db: Executor, userId: number, launch: TelegramIdentity): Promise<void> {
  await setTelegramIdentity(db, userId, launch, new Date());
}
