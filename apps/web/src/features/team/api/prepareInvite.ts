import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/**
 * POST /app/user/telegram/prepareInvite (issue 26, contract 1): the bot prepares the invitation
 * (savePreparedInlineMessage) for the caller's linked Telegram user and answers its id. Refusals
 * (not linked, no bot) come as the usual envelope, whose message the caller shows.
 */
export const prepareInvite = () => api.user.telegramPrepareInvite();

export const usePrepareInvite = () => useMutation({ mutationFn: prepareInvite });
