import type { BotTransport } from '@prism/bot';
import type { Database } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { EventBus } from '../../platform/events';
import type { Logger } from '../../platform/logger';
import type { Notifier } from '../notify';

/** The operators' Telegram forum group (SUPPORT_CHAT_ID), when configured and the bot runs. */
export interface SupportGroup {
  chatId: number;
  transport: BotTransport;
}

/** What the support chat's use cases are handed (services.ts builds it once). */
export interface SupportContext {
  db: Database;
  clock: Clock;
  logger: Logger;
  /** Live events across processes: a new message reaches the player's open streams on any process. */
  events: EventBus;
  /** Replies reach the player through the bot too (always on: no notification topic). */
  notifier: Notifier;
  group?: SupportGroup | undefined;
  /** This server's public address: image links in the support group are absolute. */
  publicUrl: string;
}
