export { type BotDeps, botCommands, createBot } from './bot';
export type { AccountOutcome, BotAccounts, BotConfig, BotContext, TelegramUserRef } from './context';
export { type DeliveryFailure, deliveryFailureOf } from './deliveryFailure';
export { type OperatorConfig, operatorFeature, type ReviewOutcome, type WithdrawalReview } from './features/operator';
export { answerStart, inviteLink, isWebAppUrl, LINK_PREFIX, miniAppLink, type StartInput } from './features/start';
export { API_FAILURES_BEFORE_WARNING, type BotLog, type LongPolling, longPolling, watchApiHealth } from './runtime';
export { botCommandsFor, configureBotProfile } from './setup';
export { type BotTransport, createGrammyTransport, type OutgoingButton, type OutgoingMessage } from './transport';
export { operatorTexts, type WithdrawalTexts, withdrawalTexts } from './walletTexts';
