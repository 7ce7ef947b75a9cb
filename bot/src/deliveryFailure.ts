import { GrammyError } from 'grammy';

/**
 * Why a message did not reach a chat. 'chat': Telegram answered and refused
 * this chat (the user blocked the bot, never pressed Start, or the chat is
 * gone), so only the user can fix it. 'unreachable': Telegram did not answer
 * usefully (network error, 5xx, flood limit), so trying again later may work.
 */
export type DeliveryFailure = 'chat' | 'unreachable';

/** Telegram's 400 descriptions that mean "this chat cannot be written to", not "your request was malformed". */
const CHAT_GONE = /chat not found|user not found|peer_id_invalid|user is deactivated|bot was kicked|have no rights to send/i;

export function deliveryFailureOf(error: unknown): DeliveryFailure {
  if (!(error instanceof GrammyError)) return 'unreachable';
  if (error.error_code === 403) return 'chat';
  if (error.error_code === 400 && CHAT_GONE.test(error.description)) return 'chat';
  return 'unreachable';
}

/**
 * Whether sending the same message later may succeed: Telegram was not reached, was overloaded (5xx) or
 * asked us to slow down (429). Any other answer (403 blocked, 400 chat not found or a malformed request)
 * would be the same next time.
 */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof GrammyError)) return true;
  return error.error_code === 429 || error.error_code >= 500;
}
