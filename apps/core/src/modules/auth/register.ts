import { AppError, type IssuedToken } from '@prism/domain';
import { hashPassword } from '../../platform/passwords';
import { phoneTarget } from '../sms';
import { linkTelegram, type TelegramLaunch } from '../telegram';
import { findUserByInvitationCode, findUserByPhone, findUserByTelegramId, insertUser, newInvitationCode } from '../user';
import { openSession } from './sessions';
import type { AuthServiceDeps, RegisterInput } from './types';

const isUniqueViolation = (error: unknown) => {
  const code = (error as { code?: string; cause?: { code?: string } }).code ?? (error as { cause?: { code?: string } }).cause?.code;
  return code === '23505';
};

/** Refuses a phone, or a Telegram user, that already has an account. */
async function refuseTaken(deps: AuthServiceDeps, input: RegisterInput, telegram: TelegramLaunch | undefined): Promise<void> {
  if (await findUserByPhone(deps.db, input.phone, input.areaCode)) throw new AppError('PHONE_REGISTERED');
  if (telegram && (await findUserByTelegramId(deps.db, telegram.telegramId))) throw new AppError('TELEGRAM_LINKED_ELSEWHERE');
}

export async function register(deps: AuthServiceDeps, input: RegisterInput, telegram?: TelegramLaunch): Promise<IssuedToken> {
  const { db } = deps;
  const parent = input.invitationCode ? await findUserByInvitationCode(db, input.invitationCode) : undefined;
  if (input.invitationCode && !parent) throw new AppError('INVITATION_CODE_UNKNOWN');
  await refuseTaken(deps, input, telegram);
  await deps.codes.verify('register', phoneTarget(input.areaCode, input.phone), input.code);
  const passwordHash = await hashPassword(input.password);
  const create = () =>
    db.transaction(async (tx) => {
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

  for (let attempt = 0; ; attempt++) {
    try {
      return await create();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // The phone (or Telegram user) was taken meanwhile; an invitation-code clash just retries.
      await refuseTaken(deps, input, telegram);
      if (attempt >= 5) throw error;
    }
  }
}
