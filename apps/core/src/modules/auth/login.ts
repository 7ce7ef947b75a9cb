import { AppError, type IssuedToken, type Locale } from '@prism/domain';
import { decoyHash, verifyPassword } from '../../platform/passwords';
import { linkTelegram, type TelegramLaunch } from '../telegram';
import { clearAttempts, remember, remembered, throttledCheck } from '../throttle';
import { findUserByPhone, findUserByTelegramId, setUserLocale } from '../user';
import { openSession } from './sessions';
import { LOGIN_ACCOUNT_THROTTLE, LOGIN_THROTTLE } from './throttle';
import { type AuthServiceDeps, type LoginInput, loginKeys } from './types';

export async function login(deps: AuthServiceDeps, input: LoginInput, telegram?: TelegramLaunch): Promise<IssuedToken> {
  const { db } = deps;
  const user = await findUserByPhone(db, input.phone, input.areaCode);
  // A phone with no account has budgets too, so the answers (and their timing) do not
  // reveal which phones are registered.
  const subject = user ? String(user.id) : `${input.areaCode ?? ''}:${input.phone}`;
  const keys = loginKeys(subject, input.address);
  // Wrong passwords wait per account and address, so a stranger only slows themselves; the
  // account's own budget caps a guesser spread over many addresses, except at an address
  // that proved itself within the day (a right password, or an SMS code: resetLoginPwd).
  // (Read for a phone with no account too, which never has one: the same queries either way.)
  const trusted = await remembered(db, deps.clock, keys.trusted);
  const budgets = [{ key: keys.address, policy: LOGIN_THROTTLE }];
  if (!trusted) budgets.push({ key: keys.account, policy: LOGIN_ACCOUNT_THROTTLE });
  // Same work whether or not the phone exists, so timing does not reveal accounts.
  const hash = user?.passwordHash ?? (await decoyHash());
  const verdict = await throttledCheck(db, deps.clock, budgets, () => verifyPassword(hash, input.password));
  if (!verdict.right || !user) {
    if (!verdict.right && verdict.waitMs) throw AppError.wait('LOGIN_THROTTLED', verdict.waitMs / 1000);
    throw new AppError('LOGIN_FAILED');
  }
  await clearAttempts(db, [keys.address]);
  await remember(db, deps.clock, keys.trusted);
  if (user.userStatus !== 1) throw new AppError('ACCOUNT_DISABLED');
  return db.transaction(async (tx) => {
    if (telegram) await linkTelegram(tx, user, telegram);
    if (user.locale !== input.locale) await setUserLocale(tx, user.id, input.locale);
    return openSession(tx, deps, user.id);
  });
}

/**
 * Signs in from inside Telegram with validated initData alone, once the Telegram user is linked.
 * `locale` is the app's language (its Accept-Language: on a first run, the user's Telegram
 * language): the account takes it, as at a password login, so the bot's notices and codes
 * speak it. Without one (a caller that sent no Accept-Language) the account keeps its own.
 */
export async function telegramLogin(deps: AuthServiceDeps, telegram: TelegramLaunch, locale?: Locale): Promise<IssuedToken> {
  const user = await findUserByTelegramId(deps.db, telegram.telegramId);
  if (!user) throw new AppError('TELEGRAM_NOT_LINKED');
  if (user.userStatus !== 1) throw new AppError('ACCOUNT_DISABLED');
  return deps.db.transaction(async (tx) => {
    if (locale && user.locale !== locale) await setUserLocale(tx, user.id, locale);
    return openSession(tx, deps, user.id);
  });
}
