/** The telegram module's public door: other modules and the composition root import only this file. */

export { createBotAccounts, createBroadcastIssuer, createGiftCodeIssuer, createWithdrawalReview } from './botPorts';
export { eraseTelegramLinkTokens } from './erase';
export type { TelegramLaunch } from './initData';
export { validateInitData } from './initData';
export { createInviteSharing, type InviteLinkSettings, type InviteSharing } from './invite';
export { linkTelegram, refreshTelegramUser } from './link';
export { createTelegramLinkService } from './linkTokens';
export { telegramRoutes } from './routes';
