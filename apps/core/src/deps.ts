import type { BotTransport } from '@prism/bot';
import type { RequestHandler } from 'express';
import type { Config } from './config';
import type { Database } from './db/client';
import type { ReadRouter } from './db/replicas';
import type { Beacon } from './modules/game';
import type { SmsProvider } from './modules/sms';
import type { Clock } from './platform/clock';
import type { EventBus } from './platform/events';
import type { Logger } from './platform/logger';
import type { Metrics } from './platform/metrics';
import type { Random } from './platform/random';

/** Everything core needs from outside, passed in: tests swap the clock, randomness and providers. */
export interface CoreDeps {
  config: Config;
  db: Database;
  /** Where lag-tolerant reads and a player's own records are read (db/replicas.ts); absent: all on `db`. */
  reads?: ReadRouter;
  clock: Clock;
  random: Random;
  logger: Logger;
  /** Signs JWTs and keys stored code hashes. */
  secret: string;
  /** Authorises the operator API (/core/admin) used by `npm run ops`. */
  opsToken: string;
  /** Defaults to the outbox provider when SMS_PROVIDER=outbox. */
  sms?: SmsProvider;
  /** The bot's way to Telegram; absent without BOT_TOKEN (messages then stay in the bot outbox). */
  botTransport?: BotTransport;
  /** Live events across processes (LISTEN/NOTIFY). */
  events: EventBus;
  /** The game's public-randomness beacon; from GAME_BEACON when absent. */
  beacon?: Beacon;
  /** grammY's webhook handler, mounted at /telegram/webhook when BOT_WEBHOOK_URL is set. */
  botWebhook?: RequestHandler;
  /** This process's Prometheus metrics (GET /core/metrics); without it nothing is measured and the route is absent. */
  metrics?: Metrics;
}
