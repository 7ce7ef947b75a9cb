import type { Message } from 'grammy/types';
import type { BotContext } from './context';

/**
 * Telegram users type /START or /Help as well as /start (and clients send /START@prism_bot in groups);
 * grammY's command() compares names exactly. The command word of a message (before any @bot and
 * payload) is lower-cased before the features see it; the payload keeps its case (link tokens are
 * case-sensitive), and the entity's offset and length stay right because the length does not change.
 */
export function lowerCaseCommand(message: Pick<Message, 'text' | 'entities'>): void {
  const text = message.text;
  const entity = message.entities?.find((e) => e.type === 'bot_command' && e.offset === 0);
  if (!text || !entity) return;
  const command = text.slice(0, entity.length);
  const at = command.indexOf('@');
  const name = at === -1 ? command : command.slice(0, at);
  const lower = name.toLowerCase();
  if (lower !== name && lower.length === name.length) message.text = lower + text.slice(name.length);
}

/** The middleware: applies lowerCaseCommand to the update's message (the update is the one grammY hands every feature). */
export async function caseInsensitiveCommands(ctx: BotContext, next: () => Promise<void>): Promise<void> {
  if (ctx.update.message) lowerCaseCommand(ctx.update.message);
  await next();
}
