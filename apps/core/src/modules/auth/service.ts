import type { IssuedToken, Locale } from '@prism/domain';
import { AppError } from '@prism/domain';
import type { Database } from '../../db/client';
import type { AuthContext } from '../../http/context';
import { decoyHash, hashPassword, verifyPassword } from '../../platform/passwords';
import type { Random } from '../../platform/random';
import type { CodeService } from '../sms';
import { phoneTarget } from '../sms';
import type { TelegramLaunch } from '../telegram';
import { linkTelegram } from '../telegram';
import { clearAttempts, remember, remembered, throttledCheck } from '../throttle';
import {
  findUserByInvitationCode,
  findUserByPhone,
  findUserByTelegramId,
  insertUser,
  newInvitationCode,
  setPasswordHash,
  setUserLocale,
} from '../user/repository';
import { openSession, revokeSession, revokeUserSessions, type SessionDeps } from './sessions';
import { LOGIN_ACCOUNT_THROTTLE, LOGIN_THROTTLE } from './throttle';

export interface RegisterInput {
  locale: Locale;
  phone: string;
  areaCode: string;
  password: string;
  code: string;
  invitationCode?: string | undefined;
}

export interface LoginInput {
  locale: Locale;
  phone: string;
  areaCode?: string | undefined;
  password: string;
  /** The client address (req.ip: the socket's, or the proxy's report only under TRUST_PROXY). */
  address: string;
}

export interface ResetPasswordInput {
  phone: string;
  areaCode: string;
  password: string;
  code: string;
  /** The client address, as for login: proving the phone here lets this address past the account budget. */
  address: string;
}

export interface AuthServiceDeps extends SessionDeps {
  db: Database;
  random: Random;
  codes: CodeService;
}

const isUniqueViolation = (error: unknown) => {
  const code = (error as { code?: string; cause?: { code?: string } }).code ?? (error as { cause?: { code?: string } }).cause?.code;
  return code === '23505';
};

/** The login throttle keys of an account (or unregistered phone) seen from one client address. */
function loginKeys(subject: string, address: string) {
  return { account: `login:${subject}`, address: `login:${subject}@${address}`, trusted: `login-ok:${subject}@${address}` };
}

export function createAuthService(deps: AuthServiceDeps) {
  const { db, codes } = deps;

  return {
    async register(input: RegisterInput, telegram?: TelegramLaunch): Promise<IssuedToken> {
      const parent = input.invitationCode ? await findUserByInvitationCode(db, input.invitationCode) : undefined;
      if (input.invitationCode && !parent) throw new AppError('INVITATION_CODE_UNKNOWN');
      if (await findUserByPhone(db, input.phone, input.areaCode)) throw new AppError('PHONE_REGISTERED');
      if (telegram && (await findUserByTelegramId(db, telegram.telegramId))) throw new AppError('TELEGRAM_LINKED_ELSEWHERE');
      await codes.verify('register', phoneTarget(input.areaCode, input.phone), input.code);
      const passwordHash = await hashPassword(input.password);

      for (let attempt = 0; ; attempt++) {
        try {
          return await db.transaction(async (tx) => {
            const user = await insertUser(tx, {
              phone: input.phone,
              areaCode: input.areaCode,
              passwordHash,
              invitationCode: newInvitationCode(deps.random),
              parentId: parent?.id ?? null,
              locale: input.locale,
              createdAt: deps.clock.now(),
              updatedAt: deps.clock.now(),
            });
            if (telegram) await linkTelegram(tx, user, telegram);
            return openSession(tx, deps, user.id);
          });
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          // The phone (or Telegram user) was taken meanwhile; an invitation-code clash just retries.
          if (await findUserByPhone(db, input.phone, input.areaCode)) throw new AppError('PHONE_REGISTERED');
          if (telegram && (await findUserByTelegramId(db, telegram.telegramId))) throw new AppError('TELEGRAM_LINKED_ELSEWHERE');
          if (attempt >= 5) throw error;
        }
      }
    },

    async login(input: LoginInput, telegram?: TelegramLaunch): Promise<IssuedToken> {
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
    },

    /** Signs in from inside Telegram with validated initData alone, once the Telegram user is linked. */
    async telegramLogin(telegram: TelegramLaunch): Promise<IssuedToken> {
      const user = await findUserByTelegramId(db, telegram.telegramId);
      if (!user) throw new AppError('TELEGRAM_NOT_LINKED');
      if (user.userStatus !== 1) throw new AppError('ACCOUNT_DISABLED');
      return openSession(db, deps, user.id);
    },

    /** Forgot password (logged out) and change password (logged in): both prove the phone with a code. */
    async resetLoginPassword(input: ResetPasswordInput, caller?: AuthContext): Promise<void> {
      const user = await findUserByPhone(db, input.phone, input.areaCode);
      if (!user) throw new AppError('PHONE_NOT_REGISTERED');
      await codes.verify('resetLoginPwd', phoneTarget(user.areaCode, user.phone), input.code);
      const passwordHash = await hashPassword(input.password);
      await db.transaction(async (tx) => {
        await setPasswordHash(tx, user.id, passwordHash, deps.clock.now());
        // Everyone else holding this account's tokens is signed out; the caller stays in.
        const keep = caller?.userId === user.id ? caller.sessionId : undefined;
        await revokeUserSessions(tx, deps.clock, user.id, 'password_reset', keep);
      });
      // The owner proved the phone: the account's wrong-password waits end, and this address
      // may sign in past the account budget for a day, however many strangers keep guessing.
      const keys = loginKeys(String(user.id), input.address);
      await clearAttempts(db, [keys.account, keys.address]);
      await remember(db, deps.clock, keys.trusted);
    },

    async logout(caller: AuthContext): Promise<void> {
      if (caller.sessionId) await revokeSession(db, deps.clock, caller.sessionId, 'logout');
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
