import { operatorTexts } from '@prism/domain';
import { Composer } from 'grammy';
import type { BotContext } from '../context';
import { type Reviewer, telegramOperator } from './telegramOperator';

/** What the bot may ask core to do when an operator broadcasts. */
export interface BroadcastSender {
  /** Whether this Telegram user is an active operator whose role may broadcast (core decides). */
  maySend(operator: Reviewer): Promise<boolean>;
  send(input: { title: string; text: string; operator: Reviewer }): Promise<BroadcastOutcome>;
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
 * `/broadcast <text>` for operators (a Telegram account linked to an operator whose role manages
 * content): the same broadcast
 * `npm run ops -- broadcast send` makes, to every user's message list and
 * linked Telegram chat.
 */
export function broadcastFeature(config: { broadcasts: BroadcastSender }): Composer<BotContext> {
  const feature = new Composer<BotContext>();
  feature.command('broadcast', async (ctx) => {
    const operator = telegramOperator(ctx);
    if (!operator || !(await config.broadcasts.maySend(operator))) return ctx.reply(operatorTexts.notOperator);
    const input = broadcastInput(ctx.match);
    if (!input) return ctx.reply(operatorTexts.broadcastUsage);
    const outcome = await config.broadcasts.send({ ...input, operator });
    return ctx.reply(outcome.ok ? operatorTexts.broadcastSent(outcome) : `${outcome.message}\n\n${operatorTexts.broadcastUsage}`);
  });
  return feature;
}
