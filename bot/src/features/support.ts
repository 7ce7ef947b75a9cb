import { Composer } from 'grammy';
import type { BotContext } from '../context';
import { type Reviewer, telegramOperator } from './telegramOperator';

/**
 * The operators' support group: a forum supergroup (SUPPORT_CHAT_ID) where each player's
 * conversation is a topic. Core copies the players' messages into their topics; this is the way
 * back: what an operator writes in a topic becomes their answer in the app.
 */
export interface SupportDesk {
  /** The support group's chat id; messages elsewhere are not for this feature. */
  groupChatId: number;
  /**
   * An answer typed in a topic. Core decides: the topic must be a player's conversation and the
   * writer a linked, active operator whose role holds support.answer, otherwise it is ignored.
   */
  answer(input: { threadId: number; operator: Reviewer; text: string }): Promise<SupportAnswerOutcome>;
}

/** `ignored`: not an answer (someone else, another topic); `message`: an answer refused, said in the topic. */
export type SupportAnswerOutcome = { ok: true } | { ok: false; ignored: true } | { ok: false; message: string };

/**
 * Text written in a topic of the support group goes to core as an operator's answer. Commands and
 * the General topic are left alone; the bot stays silent about messages it ignores (the group is
 * the operators' room: it does not answer every line). The bot must be an administrator of the group
 * (to make topics, and to receive every message despite privacy mode).
 */
export function supportFeature(desk: SupportDesk): Composer<BotContext> {
  const feature = new Composer<BotContext>();
  feature.on('message:text', async (ctx, next) => {
    const message = ctx.message;
    if (ctx.chat.id !== desk.groupChatId) return next();
    if (!message.is_topic_message || message.message_thread_id === undefined || message.text.startsWith('/')) return next();
    const operator = telegramOperator(ctx);
    if (!operator || message.from.is_bot) return;
    const outcome = await desk.answer({ threadId: message.message_thread_id, operator, text: message.text });
    if (!outcome.ok && 'message' in outcome) await ctx.reply(outcome.message, { message_thread_id: message.message_thread_id });
  });
  return feature;
}
