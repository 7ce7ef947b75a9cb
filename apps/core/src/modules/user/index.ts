/** The user module's public door: other modules and the composition root import only this file. */

export type { BetFigures, WithdrawFigures } from './info';
export { directInviteesSql, everyUserIdSql, inviteesCte, invitersCte, memberCardsSql, telegramChatSql, userStatusSql } from './readModels';
export {
  findAssetPasswordHash,
  findTelegramChat,
  findUserById,
  findUserByInvitationCode,
  findUserByPhone,
  findUserByTelegramId,
  findUserLocale,
  insertUser,
  type NewUser,
  newInvitationCode,
  setPasswordHash,
  setTelegramIdentity,
  setUserLocale,
  setUserStatus,
  usersWithPhone,
} from './repository';
export { userRoutes } from './routes';
export { type UserRow, userIdReference } from './schema';
export { createUserService } from './service';
export { usersCreatedSince } from './counts';
