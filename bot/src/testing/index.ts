/**
 * Test helpers for the bot and for core: a local fake of the Telegram Bot API
 * (point grammY at it with `client: { apiRoot }`) and builders for the updates
 * Telegram would send.
 */
export {
  type BotApiResponse,
  FakeApiError,
  type FakeBotApi,
  type FakeBotApiOptions,
  type FakeUpload,
  type MethodContext,
  type MethodHandler,
  type Params,
  type RecordedCall,
  startFakeBotApi,
  type WebhookDelivery,
} from './fakeBotApi';
export { PREPARED_MESSAGE_TTL_SECONDS } from './inline';
export type { FakeForum, FakeInlineQuery, FakePreparedMessage, FakeState, FakeWebhook } from './state';
export {
  type CallbackQueryUpdateOptions,
  callbackQueryUpdate,
  commandEntities,
  type InlineQueryUpdateOptions,
  inlineQueryUpdate,
  type MessageUpdateOptions,
  messageUpdate,
  testChat,
  testUser,
  type UpdateDraft,
} from './updates';
