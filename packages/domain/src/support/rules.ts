/**
 * The support chat's rules, shared by core (which enforces them) and the web (which shows them
 * before sending): how long a message may be, and that a message says something.
 */

/** The longest message, in characters (Telegram's own limit is 4096: a copy into the forum topic still fits with its header). */
export const SUPPORT_TEXT_MAX = 2000;
/** Messages per page of the history. */
export const SUPPORT_PAGE_SIZE = 30;
export const SUPPORT_PAGE_SIZE_MAX = 100;

/** Who wrote a message: the player, or an operator (from the console, the API or the Telegram group). */
export const SUPPORT_AUTHORS = ['player', 'operator'] as const;
export type SupportAuthor = (typeof SUPPORT_AUTHORS)[number];

/** Where an operator's reply came from. */
export const SUPPORT_VIAS = ['app', 'console', 'api', 'telegram'] as const;
export type SupportVia = (typeof SUPPORT_VIAS)[number];

/** What is wrong with a message before it is sent, or undefined: it needs visible text or an attachment, and fits. */
export function supportMessageProblem(text: string, hasAttachment: boolean): 'empty' | 'tooLong' | undefined {
  const trimmed = text.trim();
  if (trimmed.length > SUPPORT_TEXT_MAX) return 'tooLong';
  if (trimmed.length === 0 && !hasAttachment) return 'empty';
  return undefined;
}

/** The forum topic's name for a player's conversation: Telegram allows 1 to 128 characters. */
export function supportTopicName(userId: number, name: string | undefined): string {
  const label = (name ?? '').trim();
  return (label ? `#${userId} ${label}` : `#${userId}`).slice(0, 128);
}
