import { availableParallelism } from 'node:os';
import path from 'node:path';
import { UPLOAD_MAX_BYTES_DEFAULT } from '@prism/domain';
import { z } from 'zod';

/**
 * Every setting, read once from the environment and validated. `.env.example`
 * at the repository root documents each one with its default.
 */
const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');
/** A true/false setting whose default depends on others: undefined when unset. */
const optionalSwitch = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === 'true' || v === '1'));
/** A number setting whose empty value (`KEY=` in .env) means its default, not 0 as z.coerce would read it. */
const numberOrDefault = <T extends z.ZodTypeAny>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema);
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined));

/**
 * The pool's default: two connections per core and one more, between 4 and 10 (10 was the default
 * before). PostgreSQL does a bet's work on a core; more backends than that only wait for one, and
 * on this 2-core machine 10 connections cost 20-27 % more PostgreSQL CPU per bet than 5 under the
 * same load (docs/performance.md, "Pool size"). A database on another machine, or several workers
 * (each holds its own pool), may want DATABASE_POOL_SIZE set.
 */
export function defaultPoolSize(cores = availableParallelism()): number {
  return Math.min(10, Math.max(4, 2 * cores + 1));
}

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  PUBLIC_URL: optionalText,
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalText,
  /** Core worker processes behind the port: a number, or `auto` (one per core). PostgreSQL only; PGlite runs one. */
  WORKERS: z
    .string()
    .regex(/^(auto|[1-9]\d{0,2})$/, 'WORKERS must be auto or a number of processes')
    .default('1'),
  /** PostgreSQL connections per process; unset or empty: defaultPoolSize() for this machine's cores. */
  DATABASE_POOL_SIZE: numberOrDefault(z.coerce.number().int().min(1).max(200).default(defaultPoolSize())),
  /**
   * A session-capable connection to the primary for what a transaction-mode pooler (PgBouncer) cannot
   * carry: migrations, the leaders' advisory locks, LISTEN. Unset: DATABASE_URL.
   */
  DATABASE_DIRECT_URL: optionalText,
  /**
   * named: hot statements are named prepared statements (parsed once per connection); unnamed: every
   * statement is sent unnamed, as PgBouncer before 1.21 in transaction mode needs (docs/scaling.md).
   */
  DATABASE_STATEMENTS: z.enum(['named', 'unnamed']).default('named'),
  /** Streaming replicas for reads that tolerate lag (history, records, team statistics, dashboards): comma-separated URLs. */
  DATABASE_REPLICA_URLS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  /** A replica further behind the primary than this is skipped (its reads go to the primary). */
  DATABASE_REPLICA_MAX_LAG_MS: z.coerce.number().int().min(0).max(600_000).default(2_000),
  /** How often each replica's lag is measured: the lag is known to within this, so keep it well under the bound. */
  DATABASE_REPLICA_CHECK_MS: z.coerce.number().int().min(20).max(60_000).default(500),
  /**
   * A player's own records wait at most this long for a replica to replay what the primary had committed
   * when the read arrived (their own bet, recharge...); then they are read on the primary.
   */
  DATABASE_REPLICA_WAIT_MS: z.coerce.number().int().min(0).max(5_000).default(150),
  JWT_SECRET: optionalText,
  OPS_TOKEN: optionalText,
  /**
   * The bearer token Prometheus sends to GET /core/metrics (docs/operations.md, "Metrics and alerts").
   * Unset: only an operator's personal API token (dashboard.read) opens it. At least 24 characters.
   */
  METRICS_TOKEN: optionalText.refine((value) => value === undefined || value.length >= 24, 'METRICS_TOKEN: at least 24 characters'),
  TOKEN_TTL_HOURS: z.coerce
    .number()
    .positive()
    .default(24 * 7),
  CORS_ORIGINS: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** An answer slower than this (ms) is logged at warn, whatever LOG_LEVEL drops (0: never; empty: the default). */
  SLOW_REQUEST_MS: numberOrDefault(z.coerce.number().int().nonnegative().default(2000)),
  WEB_DIST: optionalText,
  UPLOAD_MAX_BYTES: z.coerce.number().int().positive().default(UPLOAD_MAX_BYTES_DEFAULT),
  SMS_PROVIDER: z.enum(['outbox', 'http']).default('outbox'),
  SMS_HTTP_URL: optionalText,
  SMS_HTTP_TOKEN: optionalText,
  DEV_OUTBOX: z.enum(['auto', 'true', 'false']).default('auto'),
  RATE_LIMIT_AUTH_PER_MINUTE: z.coerce.number().int().positive().default(20),
  /**
   * How long a process trusts an auth session it has read (0: read it on every request). A
   * logout, password reset or disabling in this process takes effect at once; one made by
   * another process (or by hand in the database) within this many seconds.
   */
  AUTH_SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(5),
  RATE_LIMIT_SMS_PER_MINUTE: z.coerce.number().int().positive().default(5),
  /**
   * Play money: the sandbox CASH gateway and the simulated USDT deposit. Unset: on outside
   * production, off in production (a production server hands out play money only when told so).
   */
  PLAY_MONEY: optionalSwitch,
  /** Play-money USDT deposits: the app's "Simulate a deposit" (to the user's own sandbox address). Unset: PLAY_MONEY. */
  SANDBOX_DEPOSITS: optionalSwitch,
  EVENT_STREAMS_PER_IP: z.coerce.number().int().positive().default(20),
  EVENT_STREAMS_PER_USER: z.coerce.number().int().positive().default(5),
  /** Gift-code redemptions per minute, counted per IP and per user. */
  RATE_LIMIT_GIFT_CODE_PER_MINUTE: z.coerce.number().int().positive().default(10),
  /** Power gifts per minute, counted per IP and per user: each names a receiver by phone or code (a look-up). */
  RATE_LIMIT_GIVE_POWER_PER_MINUTE: z.coerce.number().int().positive().default(20),
  /** Support chat messages a player may send per minute. */
  RATE_LIMIT_SUPPORT_PER_MINUTE: z.coerce.number().int().positive().default(20),
  BOT_TOKEN: optionalText,
  BOT_USERNAME: optionalText,
  BOT_API_ROOT: optionalText,
  BOT_WEBHOOK_URL: optionalText,
  BOT_WEBHOOK_SECRET: optionalText,
  MINI_APP_URL: optionalText,
  MINI_APP_SHORT_NAME: optionalText,
  TELEGRAM_INIT_DATA_TTL_SECONDS: z.coerce.number().int().positive().default(86_400),
  OPERATOR_TELEGRAM_IDS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  /** The operators' support group: a forum supergroup id (-100...) where each player's conversation is a topic. */
  SUPPORT_CHAT_ID: optionalText.refine((v) => v === undefined || /^-100\d{5,15}$/.test(v), {
    message: 'SUPPORT_CHAT_ID is a supergroup id: -100 followed by digits',
  }),
  SKIP_WEB: bool,
  /** local | drand; unset (or empty): drand in production, local elsewhere (fairnessModeOf). */
  GAME_BEACON: z.enum(['local', 'drand', '']).optional(),
  DRAND_URLS: optionalText,
  GAME_CHAIN_LENGTH: z.coerce.number().int().min(10).max(10_000_000).default(10_000),
  GAME_BEACON_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  GAME_TICK_MS: z.coerce.number().int().min(0).max(60_000).default(500),
  /** PostgreSQL: how often a follower tries to take a singleton job (bot polling) over (platform/leader.ts). */
  LEADER_CHECK_MS: z.coerce.number().int().min(50).max(60_000).default(5_000),
  /** Holdings the daily earning job pays per transaction (modules/earning/job.ts, its EARNING_CHUNK_SIZE: the same default): a holder's account is locked for one chunk. */
  EARNING_CHUNK_SIZE: z.coerce.number().int().min(1).max(100_000).default(2_000),
  /**
   * While other clients of the database are busy, the daily earning job pauses this many times a
   * chunk's time before the next (modules/earning/pace.ts, its EARNING_BUSY_PAUSE: the same default); 0 never pauses.
   */
  EARNING_BUSY_PAUSE: numberOrDefault(z.coerce.number().min(0).max(10).default(2)),
  /** How often the leader looks for broadcast deliveries to send to Telegram (modules/broadcast/job.ts). */
  BROADCAST_POLL_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  /** How often the leader looks for due sign-in reminders and unsent income summaries (modules/notify/daily.ts). */
  NOTIFY_DAILY_POLL_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
  /** A simulated clock for tests and simulations (platform/clock.ts scaledClock); never in production. */
  CLOCK_START: optionalText.pipe(z.iso.datetime().optional()),
  CLOCK_STARTED_AT: optionalText.transform((v) => (v === undefined ? undefined : Number(v))).pipe(z.number().int().positive().optional()),
  CLOCK_RATE: z.coerce.number().positive().max(1000).default(1),
});

/** play: sandbox money-in (a demo); real: only real gateways and chain deposits bring money in. */
export type MoneyMode = 'play' | 'real';

/** The game's beacon (docs/fairness.md): drand, public, or local, which the operator could know in advance. */
export type FairnessMode = 'local' | 'drand';

export type Config = Omit<z.infer<typeof schema>, 'PLAY_MONEY' | 'SANDBOX_DEPOSITS' | 'GAME_BEACON'> & {
  GAME_BEACON: FairnessMode;
  PLAY_MONEY: boolean;
  SANDBOX_DEPOSITS: boolean;
  moneyMode: MoneyMode;
  /** Absolute data directory: PGlite files, uploads, the generated JWT secret. */
  dataDir: string;
  /** Whether the developer outbox page (/core/dev/outbox) is served. */
  devOutbox: boolean;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const values = parsed.data;
  if (values.NODE_ENV === 'production' && !values.JWT_SECRET) {
    throw new ConfigError('JWT_SECRET must be set in production (every core process must share it).');
  }
  const simulatedClock = values.CLOCK_START !== undefined || values.CLOCK_RATE !== 1;
  if (values.NODE_ENV === 'production' && simulatedClock) {
    throw new ConfigError('CLOCK_START and CLOCK_RATE are for tests and simulations; they are refused in production.');
  }
  if (!values.DATABASE_URL && (values.DATABASE_DIRECT_URL || values.DATABASE_REPLICA_URLS.length > 0)) {
    throw new ConfigError(
      'DATABASE_DIRECT_URL and DATABASE_REPLICA_URLS go with DATABASE_URL (PostgreSQL); the embedded database has neither.',
    );
  }
  if (values.SMS_PROVIDER === 'http' && !values.SMS_HTTP_URL) {
    throw new ConfigError('SMS_PROVIDER=http needs SMS_HTTP_URL.');
  }
  const money = moneySettings(values.NODE_ENV, values.PLAY_MONEY, values.SANDBOX_DEPOSITS);
  const devOutbox =
    values.DEV_OUTBOX === 'auto' ? values.SMS_PROVIDER === 'outbox' && values.NODE_ENV !== 'production' : values.DEV_OUTBOX === 'true';
  const GAME_BEACON = fairnessModeOf(values.NODE_ENV, values.GAME_BEACON);
  return { ...values, ...money, GAME_BEACON, dataDir: path.resolve(values.DATA_DIR), devOutbox };
}

/**
 * The game's beacon. Production defaults to drand, the public beacon: with the local one the
 * operator, who holds the seed chain, could know results before they are drawn, and a player
 * would be told so on the verify page. Development, tests and demos without internet default to
 * local; a deployment may still choose local, and the operator's health answer then warns.
 */
export function fairnessModeOf(env: string, chosen: FairnessMode | '' | undefined): FairnessMode {
  if (chosen) return chosen;
  return env === 'production' ? 'drand' : 'local';
}

/** The start-up line that says which money mode the server runs in. */
export function moneyModeLine(config: Pick<Config, 'moneyMode' | 'SANDBOX_DEPOSITS'>): string {
  return config.moneyMode === 'play'
    ? `Money mode: PLAY (sandbox gateway${config.SANDBOX_DEPOSITS ? ' and simulated USDT deposits' : ''}: demo money, not real)`
    : 'Money mode: REAL (no sandbox gateway, no simulated deposits)';
}

/** The start-up line that says which beacon the game draws with (what the verify page tells players). */
export function fairnessModeLine(config: Pick<Config, 'GAME_BEACON'>): string {
  return config.GAME_BEACON === 'drand'
    ? 'Fairness: drand public beacon (nobody, the operator included, knows results in advance)'
    : 'Fairness: LOCAL beacon (the operator could know results in advance; players are told so; use GAME_BEACON=drand for real money)';
}

/**
 * The money mode. Play money is the default for development and tests; in production the sandbox
 * (CASH gateway and simulated deposits) runs only with PLAY_MONEY=true: with the minimum settings
 * a production server used to hand 5,000 CASH and 1,000 USDT to anyone who asked.
 */
function moneySettings(env: string, playMoney: boolean | undefined, sandboxDeposits: boolean | undefined) {
  const play = playMoney ?? env !== 'production';
  if (sandboxDeposits && !play) {
    throw new ConfigError(
      env === 'production' && playMoney === undefined
        ? 'SANDBOX_DEPOSITS=true is play money: a production server runs it only with PLAY_MONEY=true as well.'
        : 'SANDBOX_DEPOSITS=true is play money: it cannot run with PLAY_MONEY=false.',
    );
  }
  return { PLAY_MONEY: play, SANDBOX_DEPOSITS: sandboxDeposits ?? play, moneyMode: (play ? 'play' : 'real') as MoneyMode };
}
