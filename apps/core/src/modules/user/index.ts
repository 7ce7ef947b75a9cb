/** The user module's public door: other modules and the composition root import only this file. */

export { searchUsers, teamTiers, type UserCard, usersCreatedSince } from './counts';
export type { BetFigures, WithdrawFigures } from './info';
export { type ClosedAccount, closeAccount, exportProfile } from './myData';
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
export { createUserService, inviteLink } from './service';
