import { operatorTexts } from '@prism/domain';
import { Composer } from 'grammy';
import type { BotContext } from '../context';

/** What the bot may ask core to do when an operator broadcasts. */
export interface BroadcastSender {
  send(input: { title: string; text: string; by: string }): Promise<BroadcastOutcome>;
}

export type BroadcastOutcome = { ok: true; id: number; recipients: number; telegram: number } | { ok: false; message: string };

/** The title of a one-line broadcast; with several lines the first one is the title. */
export const DEFAULT_BROADCAST_TITLE = 'Announcement';

/** Splits `/broadcast` input: first line the title when there are more lines, else the default title. */
export function broadcastInput(raw: string): { title: string; text: string } | undefined {
  const lines = raw.trim().split('\n');
  if (lines.length > 1) {
    const title = lines[0]?.trim() ?? '';
    const text = lines.slice(1).join('\n').trim();
    if (title && text) return { title, text };
  }
  const text = raw.trim();
  return text ? { title: DEFAULT_BROADCAST_TITLE, text } : undefined;
}

/**
 * `/broadcast <text>` for operators (OPERATOR_TELEGRAM_IDS): the same broadcast
 * `npm run ops -- broadcast send` makes, to every user's message list and
 * linked Telegram chat.
 */
export function broadcastFeature(config: { ids: readonly number[]; broadcasts: BroadcastSender }): Composer<BotContext> {
  const feature = new Composer<BotContext>();
  feature.command('broadcast', async (ctx) => {
    if (ctx.from?.id === undefined || !config.ids.includes(ctx.from.id)) return ctx.reply(operatorTexts.notOperator);
    const input = broadcastInput(ctx.match);
    if (!input) return ctx.reply(operatorTexts.broadcastUsage);
    const by = ctx.from.username ? `@${ctx.from.username}` : `tg:${ctx.from.id}`;
    const outcome = await config.broadcasts.send({ ...input, by });
    return ctx.reply(outcome.ok ? operatorTexts.broadcastSent(outcome) : `${outcome.message}\n\n${operatorTexts.broadcastUsage}`);
  });
  return feature;
}
