/**
 * The user module's account reads and writes for the modules that sign people in, pay them out or
 * name them to operators (auth, withdraw, power): they reach the users table only through these.
 */
export {
  findUserById,
  findUserByInvitationCode,
  findUserByPhone,
  findUserByTelegramId,
  insertUser,
  newInvitationCode,
  setPasswordHash,
  setUserLocale,
} from './repository';
export type { UserRow } from './schema';
