import type { IssuedToken, Locale } from '@prism/domain';
import type { Database } from '../../db/client';
import type { AuthContext } from '../../http/context';
import { AppError } from '../../http/errors';
import { decoyHash, hashPassword, verifyPassword } from '../../platform/passwords';
import type { Random } from '../../platform/random';
import type { CodeService } from '../sms/codes';
import { phoneTarget } from '../sms/codes';
import type { TelegramLaunch } from '../telegram/initData';
import { linkTelegram } from '../telegram/link';
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
import { claimAttempt, clearAttempts, LOGIN_THROTTLE } from './throttle';

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
}

export interface ResetPasswordInput {
  phone: string;
  areaCode: string;
  password: string;
  code: string;
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
      // Each account has a wrong-password budget; a phone with no account has one too, so the
      // answers (and their timing) do not reveal which phones are registered.
      const key = user ? `login:${user.id}` : `login:${input.areaCode ?? ''}:${input.phone}`;
      const attempt = await claimAttempt(db, deps.clock, key, LOGIN_THROTTLE);
      if (!attempt.allowed) throw AppError.wait('LOGIN_THROTTLED', attempt.waitMs / 1000);
      // Same work whether or not the phone exists, so timing does not reveal accounts.
      const valid = await verifyPassword(user?.passwordHash ?? (await decoyHash()), input.password);
      if (!user || !valid) {
        if (attempt.waitIfWrongMs) throw AppError.wait('LOGIN_THROTTLED', attempt.waitIfWrongMs / 1000);
        throw new AppError('LOGIN_FAILED');
      }
      await clearAttempts(db, key);
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
    },

    async logout(caller: AuthContext): Promise<void> {
      if (caller.sessionId) await revokeSession(db, deps.clock, caller.sessionId, 'logout');
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
