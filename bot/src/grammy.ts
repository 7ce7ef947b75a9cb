// The bot runtime, which loads grammY: core imports it only when the bot runs (BOT_TOKEN) or when a
// message it sent failed (reading the error needs grammY's GrammyError). See index.ts.
export { GrammyError, webhookCallback } from 'grammy';
export { type BotDeps, botCommands, createBot, withAutoRetry } from './bot';
export { deliveryFailureOf, isRetryable } from './deliveryFailure';
export { broadcastFeature, broadcastInput } from './features/broadcasts';
export { giftCodeFeature } from './features/giftCodes';
export { operatorFeature } from './features/operator';
export { startFeature } from './features/start';
export { API_FAILURES_BEFORE_WARNING, longPolling, watchApiHealth } from './runtime';
