import { api } from '../../../lib/api';

/** POST /app/user/telegram/linkToken: a one-time deep link into the bot that links this account to whoever presses Start. */
export const requestTelegramLink = () => api.user.telegramLinkToken();
