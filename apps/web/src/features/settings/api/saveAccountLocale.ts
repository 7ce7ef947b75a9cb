import type { Locale } from '@prism/domain';
import { api } from '../../../lib/api';
import { getToken } from '../../../lib/token';

/**
 * POST /app/user/modifyUserBaseInfo { locale }: the account takes the language the user picked, so
 * the bot's notices and withdrawal codes speak it too. Signed out there is no account to tell: the
 * next sign-in carries the language (Accept-Language), so nothing is sent.
 */
export async function saveAccountLocale(locale: Locale): Promise<void> {
  if (getToken() === null) return;
  await api.user.modifyUserBaseInfo({ locale });
}
