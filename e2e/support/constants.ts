/** Shared by the e2e server and the specs. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4310);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** The fake Bot API answers to this token, and core validates Telegram initData with it. */
export const E2E_BOT_TOKEN = '7000000001:e2e-fake-bot-token';
/** The fake Telegram Bot API the e2e server talks to; specs read what "Telegram" received at /_fake/sent?chat_id=. */
export const E2E_FAKE_BOT_PORT = Number(process.env.E2E_FAKE_BOT_PORT ?? 4311);
export const E2E_FAKE_BOT_URL = `http://127.0.0.1:${E2E_FAKE_BOT_PORT}`;
/** Operators of the e2e server (their review requests arrive in this chat). */
export const E2E_OPERATOR_ID = 777_000_001;
/** The e2e server's operator token, for the /core/admin calls a test makes as the operator would with `npm run ops`. */
export const E2E_OPS_TOKEN = 'e2e-operator-token';
