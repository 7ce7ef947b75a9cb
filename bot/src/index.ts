// What core may import at start-up: nothing here loads grammY at run time (only its types), so a
// process without BOT_TOKEN never loads it (about 4 MB of heap). The bot itself, long polling and
// the reading of grammY's errors are in `@prism/bot/grammy`, which core imports when it needs them.
export type { AccountOutcome, BotAccounts, BotConfig, BotContext, LinkedAccount, TelegramUserRef } from './context';
export type { DeliveryFailure } from './deliveryFailure';
export type { BroadcastOutcome, BroadcastSender } from './features/broadcasts';
export type { GiftCodeIssuer, GiftCodeOutcome } from './features/giftCodes';
export type { OperatorConfig, Reviewer, ReviewOutcome, WithdrawalReview } from './features/operator';
export type { BotNotificationSettings } from './features/settings';
export { answerStart, inviteLink, isWebAppUrl, LINK_PREFIX, miniAppLink, type StartInput } from './features/startAnswer';
export type { SupportAnswerOutcome, SupportDesk } from './features/support';
export { inviteArticle, inviteMessageText, isButtonUrl, shareableInviteLink, telegramShareUrl } from './invite';
export { inviteTexts } from './inviteTexts';
export type { BotLog, LongPolling } from './runtime';
export { botCommandsFor, configureBotProfile, configureBotProfileUntilSet } from './setup';
export {
  type BotTransport,
  createGrammyTransport,
  type OutgoingButton,
  type OutgoingMessage,
  type PreparedMessage,
  type SentMessage,
} from './transport';
