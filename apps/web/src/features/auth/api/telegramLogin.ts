import { api } from '../../../lib/api';

/** POST /app/auth/telegramLogin: a linked Telegram user's launch data for a token (11010 when not linked). */
export const telegramLogin = () => api.auth.telegramLogin();
