import type { BotContext } from '../context';

/** A Telegram user acting as an operator: core maps the id to an operator account and decides what they may do. */
export interface Reviewer {
  telegramId: number;
  /** @username or tg:<id>, for the bot's own answers. */
  name: string;
}

/** The Telegram user of this update as an operator, if the update has one. */
export function telegramOperator(ctx: BotContext): Reviewer | undefined {
  const from = ctx.from;
  if (!from) return undefined;
  return { telegramId: from.id, name: from.username ? `@${from.username}` : `tg:${from.id}` };
}
