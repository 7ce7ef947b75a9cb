/**
 * The error catalogue: every business error has a stable numeric code and the
 * specification's exact English message. `key` is what translations use.
 * Transport codes (5, 600003, ...) are produced by the client, never by the server (errors.ts).
 * Its own module, apart from errors.ts: the web's first page needs the transport codes and the
 * validation messages, not these texts (docs/performance.md, "The web app").
 */
export const errorCatalogue = {
  // Protocol-level
  VALIDATION: { code: 400, message: 'Invalid request' },
  UNAUTHORIZED: { code: 401, message: 'Please log in again' },
  FORBIDDEN: { code: 403, message: 'You are not allowed to do this' },
  NOT_FOUND: { code: 404, message: 'Not found' },
  IDEMPOTENCY_CONFLICT: { code: 409, message: 'This request key was already used for a different request' },
  REQUEST_IN_PROGRESS: { code: 423, message: 'Request in progress, please wait' },
  TOO_MANY_REQUESTS: { code: 429, message: 'Too many requests, please try again later' },
  PAYLOAD_TOO_LARGE: { code: 413, message: 'The request is too large' },
  SERVICE_UNAVAILABLE: { code: 503, message: 'The service is briefly unavailable, please try again' },
  INTERNAL: { code: 500, message: 'Something went wrong, please try again' },
  SESSION_REPLACED: { code: 50001, message: 'Your session has ended, please log in again' },
  ACCOUNT_DISABLED: { code: 50001, message: 'This account is disabled' },

  // Catalogue of specification point 8
  ERROR_SESSION: { code: 10001, message: 'Error Session' },
  ERROR_RESULT: { code: 10002, message: 'Error Result' },
  ADD_ADDRESS_FIRST: { code: 10003, message: 'Please add the address first' },
  INSUFFICIENT_WITHDRAWABLE: { code: 10004, message: 'Insufficient withdrawable balance' },
  WITHDRAW_CODE_INCORRECT: { code: 10005, message: 'Withdrawal verification code is incorrect' },
  DAILY_PURCHASE_LIMIT: { code: 10006, message: 'You have exceeded the daily purchase limit' },
  TELEGRAM_USERNAME_REQUIRED: { code: 10007, message: 'Please set a username in Telegram before you can withdraw.' },
  NOT_AVAILABLE_YET: { code: 10008, message: 'Not available yet' },
  NO_OPTIONS: { code: 10009, message: 'No options available' },
  NO_MESSAGE: { code: 10010, message: 'No Message' },
  CUSTOMER_SERVICE_NOT_SET: { code: 10011, message: 'Customer service address not set' },
  NO_MORE_DATA: { code: 10012, message: 'no more data' },
  INSUFFICIENT_BALANCE: { code: 10013, message: 'Insufficient balance' },
  WITHDRAW_BELOW_MIN: { code: 10014, message: 'Cannot be less than the minimum withdrawal amount' },
  WITHDRAW_ABOVE_MAX: { code: 10015, message: 'Cannot exceed the maximum withdrawal amount' },

  WITHDRAW_CLOSED: { code: 10016, message: 'Withdrawals are closed at the moment' },
  WITHDRAW_OUTSIDE_WINDOW: { code: 10017, message: 'Withdrawals are only available during the published hours' },
  WITHDRAW_DAILY_LIMIT: { code: 10018, message: 'This exceeds the daily withdrawal limit' },
  RECHARGE_CLOSED: { code: 10019, message: 'Recharge is closed at the moment' },
  RECHARGE_BELOW_MIN: { code: 10020, message: 'Cannot be less than the minimum recharge amount' },
  RECHARGE_ABOVE_MAX: { code: 10021, message: 'Cannot exceed the maximum recharge amount' },
  PAY_CHANNEL_REQUIRED: { code: 10022, message: 'Please choose a payment channel' },
  ADDRESS_INVALID: { code: 10023, message: 'This address is not valid for the chosen network' },
  ADDRESS_UNAVAILABLE: { code: 10047, message: 'This address cannot be bound: it belongs to the platform or to another account' },
  BANK_CARD_REQUIRED: { code: 10024, message: 'Please add a bank card first' },
  ASSET_PASSWORD_NOT_SET: { code: 10025, message: 'Please set a payment password first' },
  ASSET_PASSWORD_WRONG: { code: 10026, message: 'The payment password is incorrect' },
  ORDER_NOT_FOUND: { code: 10027, message: 'Order not found' },
  WITHDRAWAL_NOT_PENDING: { code: 10028, message: 'This withdrawal has already been processed' },
  EXCHANGE_UNAVAILABLE: { code: 10029, message: 'This exchange is not available' },
  EXCHANGE_TOO_SMALL: { code: 10030, message: 'The amount is too small to exchange' },
  BANK_CARD_DUPLICATE: { code: 10031, message: 'This bank card is already bound' },
  GATEWAY_SIGNATURE_INVALID: { code: 10032, message: 'The payment notification could not be verified' },

  ASSET_PASSWORD_LOCKED: { code: 10033, message: 'Too many wrong payment passwords, please try again in {{wait}}' },
  BOT_UNREACHABLE: { code: 10034, message: 'We could not reach you on Telegram: open the Prism bot and press Start, then try again' },
  TELEGRAM_UNREACHABLE: { code: 10050, message: 'Telegram cannot be reached right now, please try again shortly' },

  BET_TOTAL_MISMATCH: { code: 10035, message: 'The total must equal the base amount times the multiples' },
  BET_BASE_INVALID: { code: 10036, message: "Choose one of this room's base amounts" },
  BET_MULTIPLE_INVALID: { code: 10037, message: "Choose one of this room's multiples" },
  BET_LIMIT: { code: 10038, message: "The bet is outside this room's limits" },
  BET_SESSION_LIMIT: { code: 10039, message: "You have reached this room's bet limit for this session" },
  GAME_LEVEL_UNKNOWN: { code: 10040, message: 'This room does not exist or is closed' },

  // Accounts
  PHONE_REGISTERED: { code: 11001, message: 'This phone number is already registered' },
  INVITATION_CODE_UNKNOWN: { code: 11002, message: 'The invitation code does not exist' },
  LOGIN_FAILED: { code: 11003, message: 'Wrong phone number or password' },
  CODE_INCORRECT: { code: 11004, message: 'The verification code is incorrect' },
  CODE_EXPIRED: { code: 11005, message: 'The verification code has expired, please request a new one' },
  CODE_LOCKED: { code: 11006, message: 'Too many wrong attempts, please request a new code' },
  CODE_RESEND_TOO_SOON: { code: 11007, message: 'Please wait {{wait}} before requesting another code' },
  PHONE_NOT_REGISTERED: { code: 11008, message: 'This phone number is not registered' },
  TELEGRAM_INIT_DATA_INVALID: { code: 11009, message: 'Telegram launch data is invalid or expired' },
  TELEGRAM_NOT_LINKED: { code: 11010, message: 'This Telegram account is not linked yet, please log in with your phone' },
  TELEGRAM_LINKED_ELSEWHERE: { code: 11011, message: 'This Telegram account is linked to another phone number' },
  PHONE_LINKED_OTHER_TELEGRAM: { code: 11016, message: 'This phone number is linked to another Telegram account' },
  TELEGRAM_LINK_UNKNOWN: { code: 11020, message: 'This link is not valid. Open Prism and create a new one' },
  TELEGRAM_LINK_EXPIRED: { code: 11021, message: 'This link has expired. Open Prism and create a new one' },
  TELEGRAM_LINK_USED: { code: 11022, message: 'This link was already used. Open Prism and create a new one if you need it' },
  TELEGRAM_BOT_NOT_CONFIGURED: { code: 11023, message: 'Sharing through Telegram is not available right now: use the link or the QR code' },
  UPLOAD_NOT_IMAGE: { code: 11012, message: 'Only JPEG, PNG, GIF or WebP images can be uploaded' },
  UPLOAD_TOO_LARGE: { code: 11013, message: 'The file is too large' },
  UPLOAD_MISSING: { code: 11014, message: 'Please choose a file' },
  CONFIG_KEY_UNKNOWN: { code: 11015, message: 'Unknown configuration key' },
  // Optimistic concurrency on the console's forms (HTTP 409's meaning; 409 itself is IDEMPOTENCY_CONFLICT's code).
  STALE_FORM: { code: 11409, message: 'Someone else changed this; reload it' },

  // Input and sign-in hardening ({{wait}} is filled in with the time left, in the caller's language)
  AUTH_HEADERS_MISMATCH: { code: 11041, message: 'The Authorization and X-Access-Token headers carry different credentials' },
  LOGIN_THROTTLED: { code: 11042, message: 'Too many wrong passwords for this account, please try again in {{wait}}' },
  STREAM_LIMIT: { code: 11043, message: 'Too many live connections are open, please close one and try again' },

  // Engagement: sign-in, gift codes, levels, taps
  SIGNED_IN_TODAY: { code: 12001, message: 'You have already signed in today' },
  GIFT_CODE_UNKNOWN: { code: 12002, message: 'This gift code does not exist' },
  GIFT_CODE_EXPIRED: { code: 12003, message: 'This gift code has expired' },
  GIFT_CODE_USED_UP: { code: 12004, message: 'This gift code has been fully redeemed' },
  GIFT_CODE_REDEEMED: { code: 12005, message: 'You have already redeemed this gift code' },
  LEVEL_TASK_UNKNOWN: { code: 12006, message: 'This upgrade task does not exist' },
  LEVEL_TASK_NOT_COMPLETED: { code: 12007, message: 'This upgrade task is not completed yet' },
  LEVEL_TASK_COLLECTED: { code: 12008, message: 'You have already collected this reward' },
  LEVEL_LOCKED: { code: 12009, message: 'This level is not unlocked yet' },

  // Power (task platform)
  POWER_SESSION_UNKNOWN: { code: 16001, message: 'This package does not exist or is closed' },
  POWER_GIFT_SELF: { code: 16002, message: 'You cannot give power to yourself' },
  POWER_GIFT_USER_UNKNOWN: { code: 16003, message: 'No user has this phone number or invitation code' },
  POWER_GIFT_AMBIGUOUS: { code: 16004, message: 'More than one user has this phone number, please use the invitation code' },

  // Player protection (docs/protection.md)
  SELF_EXCLUDED: { code: 13001, message: 'You have paused your play until {{until}}. Betting and recharging are not available until then' },
  EXCLUSION_CANNOT_SHORTEN: { code: 13002, message: 'A self-exclusion can be lengthened but never shortened' },
  EXCLUSION_DATE_INVALID: { code: 13003, message: 'Choose an end date in the future, at most five years ahead' },
  DEPOSIT_LIMIT_DAY: { code: 13004, message: 'This recharge is over your daily deposit limit. You can still recharge {{remaining}} today' },
  DEPOSIT_LIMIT_WEEK: {
    code: 13005,
    message: 'This recharge is over your weekly deposit limit. You can still recharge {{remaining}} this week',
  },
  DEPOSIT_LIMIT_MONTH: {
    code: 13006,
    message: 'This recharge is over your monthly deposit limit. You can still recharge {{remaining}} this month',
  },
  // Advisor follow-invest and fixed deposit (docs/money.md, "Follow-invest and fixed deposits")
  INVEST_PRODUCT_UNKNOWN: { code: 17001, message: 'This product does not exist' },
  INVEST_PRODUCT_EXPIRED: { code: 17002, message: 'This product is no longer available' },
  INVEST_BELOW_MIN: { code: 17003, message: 'Cannot be less than the minimum amount of this product' },
  DEPOSIT_NOT_FOUND: { code: 17004, message: 'Deposit not found' },
  DEPOSIT_ENDED: { code: 17005, message: 'This deposit has already ended' },
  TRANSFER_OUT_OVER_PRINCIPAL: { code: 17006, message: 'The amount is more than this deposit holds' },

  // Operator accounts (docs/operations.md, "Roles and permissions")
  OPERATOR_LOGIN_FAILED: { code: 25001, message: 'Wrong login, password or code' },
  OPERATOR_LOGIN_THROTTLED: { code: 25002, message: 'Too many failed sign-ins for this operator, please try again in {{wait}}' },
  OPERATOR_SETUP_INVALID: {
    code: 25003,
    message: 'This setup link is not valid, has expired or was already used. Ask an owner for a new one',
  },
  OPERATOR_CODE_INVALID: { code: 25004, message: 'The authenticator code is wrong. Enter the current 6-digit code' },
  OPERATOR_LOGIN_TAKEN: { code: 25005, message: 'An operator with this login already exists' },
  OPERATOR_TELEGRAM_TAKEN: { code: 25006, message: 'This Telegram account is linked to another operator' },
  OPERATOR_OWNER_EXISTS: { code: 25007, message: 'An active owner already exists: ask them to create your account' },
  OPERATOR_LAST_OWNER: { code: 25008, message: 'This is the last active owner: make another owner first' },
  OPERATOR_SELF: { code: 25009, message: 'You cannot change or sign out your own account here' },
  OPERATOR_NOT_FOUND: { code: 25010, message: 'No such operator' },
  // Four eyes on money (docs/operations.md, "The audit log"; packages/domain/src/operator/fourEyes.ts): operator-only
  FOUR_EYES_SELF: { code: 19101, message: 'A second operator must approve this' },
  ALREADY_DECIDED: { code: 19102, message: 'This request has already been decided' },
  REFUND_UNAVAILABLE: { code: 19103, message: 'No refund route is configured for this payment: refund it by hand' },
  // Proof of liabilities (docs/liabilities.md)
  LIABILITY_SNAPSHOT_UNKNOWN: { code: 26401, message: 'No such snapshot of what the platform owes' },
  LIABILITY_PROOF_PRUNED: { code: 26402, message: 'Proofs of this snapshot are no longer kept: use a newer snapshot' },
  // My data: export and account deletion (packages/domain/src/privacy, docs/operations.md "Account deletion and data export")
  ACCOUNT_DELETE_MONEY_HELD: {
    code: 26501,
    message: 'Your account still holds money: withdraw or use every balance before deleting the account',
  },
  ACCOUNT_DELETE_MONEY_IN_FLIGHT: {
    code: 26502,
    message: 'Money is still on its way (a withdrawal in review or a recharge being credited): wait until it is settled',
  },
  ACCOUNT_DELETE_STAKED: {
    code: 26503,
    message: 'Money is still staked (open bets, power, follow-invest or fixed deposits): wait until it ends',
  },
  ACCOUNT_DELETE_PASSWORD_WRONG: { code: 26504, message: 'The login password is incorrect' },
  ACCOUNT_DELETE_THROTTLED: { code: 26505, message: 'Too many wrong passwords, please try again in {{wait}}' },
  MY_DATA_EXPORT_WAIT: { code: 26506, message: 'You can download your data once a minute, please try again in {{wait}}' },
  // Support chat (docs/api.md, "Support chat")
  SUPPORT_MESSAGE_EMPTY: { code: 26301, message: 'Write a message or attach an image' },
  SUPPORT_ATTACHMENT_UNKNOWN: { code: 26302, message: 'This image was not found: upload it again' },
  SUPPORT_CONVERSATION_NOT_FOUND: { code: 26303, message: 'No such conversation' },
  // Notifications the player chooses (docs/telegram.md, "Notifications"): 26201-26219
  NOTIFY_QUIET_HOURS: {
    code: 26201,
    message: 'This time is in the quiet hours (22:00 to 08:00): confirm that you want the reminder at night',
  },
} as const satisfies Record<string, { code: number; message: string }>;

export type ErrorKey = keyof typeof errorCatalogue;
