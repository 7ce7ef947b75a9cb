/** Business constants and limits of specification point 9. */
export const APP_VERSION = '0.0.2';
export const APP_VERSION_CODE = 1;

export const PAGE_SIZE = 20;
/** The highest page number and page size a paged endpoint accepts (larger asks are refused as invalid). */
export const PAGE_NO_MAX = 100_000;
export const PAGE_SIZE_MAX = 100;
export const GAME_PAGE_SIZE = 20;
/** The game's event stream sends a heartbeat (an SSE comment, `: keep-alive`) this often; a client hearing nothing for 3 of them calls it stalled. */
export const GAME_EVENTS_HEARTBEAT_MS = 15_000;
export const BANK_CARD_PAGE_SIZE = 100;

export const NETWORK_TIMEOUT_MS = 60_000;
export const TOAST_MS = 1_500;
export const CLICK_THROTTLE_MS = 1_000;
export const LOGOUT_DELAY_MS = 1_000;
export const PAGE_LOAD_DELAY_MS = 200;
export const PAGE_LOAD_TIMEOUT_MS = 60_000;

export const CODE_LENGTH = 6;
export const CODE_RESEND_SECONDS = 60;
export const CODE_VALID_SECONDS = 300;
/** How long a Telegram link token (t.me/<bot>?start=link_<token>) can be used, once. */
export const TELEGRAM_LINK_VALID_SECONDS = 600;
export const CODE_MAX_ATTEMPTS = 5;
export const PHONE_DIGITS = 10;

export const WITHDRAW_WINDOW = { start: '08:00', end: '17:00', timeZone: 'Europe/London' } as const;
export const DEPOSIT_CONFIRMATIONS = 12;
/** Minimum USDT deposit, in minor units (1.00 USDT). */
export const DEPOSIT_MIN_USDT_MINOR = 100n;

export const STEPPER = { min: 1000, max: 50_000, step: 1000 } as const;
export const TAB_BAR_ITEMS = 4;
export const REBATE_TIERS = [1, 2, 3] as const;
export const ADVISOR_MANAGEMENT_FEE_BPS = 1000;

export const CURRENCY_SYMBOL = { config: '$', game: '₹' } as const;
export const ASSETS = ['CASH', 'USDT', 'CHIP', 'GOLD', 'POINT'] as const;
export type Asset = (typeof ASSETS)[number];
/** The coins money comes in and goes out in (recharge, withdrawal); the others are reached by exchange. */
export const WALLET_CURRENCIES = ['CASH', 'USDT'] as const;
/** The game coins of the specification: CHIP (the default), GOLD and POINT; the app offers those of GAME_BET_COINS (game/coins.ts). */
export const GAME_COINS = ['CHIP', 'GOLD', 'POINT'] as const;
/** Every coin the betting endpoint takes: the app's choices and USDT (the original app sends USDT). */
export const BET_COINS = [...GAME_COINS, 'USDT'] as const;
export type BetCoin = (typeof BET_COINS)[number];
export const USDT_NETWORKS = ['TRC20', 'BEP20', 'ERC20', 'TON'] as const;
export const DEFAULT_USDT_NETWORK = 'TRC20';

export const IMAGE_OPTIONS = {
  original: { quality: 80, maxSize: 1080, size: 200 },
  thumbnail: { quality: 90, max: 500, min: 200 },
  videoSight: { width: 160, height: 160 },
  uploadMaxFiles: 52,
} as const;
/** Uploaded files are served back under this path (below /core): the URL an upload answers, and the only avatars accepted. */
export const UPLOAD_URL_PREFIX = '/core/files/';
/** The largest upload unless UPLOAD_MAX_BYTES says otherwise (5 MiB); the app names it beside its file pickers. */
export const UPLOAD_MAX_BYTES_DEFAULT = 5 * 1024 * 1024;
/** The images the upload endpoint takes (recognised by their bytes). */
export const UPLOAD_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export const TEXT_AREA_MAX = 140;
export const VIEWPORT = { baseWidth: 375, maxWidth: 960 } as const;
export const ENCRYPTION_DEFAULT = 0;

/**
 * Public settings that core writes into every served index.html
 * (`<script type="application/json" id="prism-config">`), so that the first pages
 * paint them without a request (apps/web/src/lib/config.ts reads them). CURRENCY_SYMBOL: every
 * balance shows its sign from the first paint. DEV_OUTBOX ('true' or 'false') is not a stored
 * setting: it says whether this server serves the developer outbox.
 */
export const PAGE_CONFIG_KEYS = ['DEMO_MODE', 'COUNTRY_CODE', 'CURRENCY_SYMBOL', 'DEV_OUTBOX'] as const;
/** The id of that script element. */
export const PAGE_CONFIG_ELEMENT_ID = 'prism-config';
