import { api } from '../../../lib/api';

/** POST /app/user/withdraw/sendCode: the bot sends a 6-digit code to the user's Telegram chat (answers `sentTo`). */
export const sendWithdrawCode = () => api.withdraw.sendCode();
