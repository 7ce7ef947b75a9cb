import { operatorTexts, reviewCallbackPattern, visibleReason } from '@prism/domain';
import { Composer } from 'grammy';
import type { BotContext } from '../context';
import type { BroadcastSender } from './broadcasts';
import type { GiftCodeIssuer } from './giftCodes';

/** What the bot may ask core to do for an operator; core implements it with its withdrawal service. */
export interface WithdrawalReview {
  /** Whether the withdrawal still awaits a decision; asked before the reason, so a decided one says so at once. */
  check(id: number): Promise<ReviewOutcome>;
  approve(id: number, by: string): Promise<ReviewOutcome>;
  reject(id: number, reason: string, by: string): Promise<ReviewOutcome>;
}

/** `message` explains a refusal (already decided, not found) in the operator's words. */
export type ReviewOutcome = { ok: true } | { ok: false; message: string };

export interface OperatorConfig {
  /** Telegram user ids allowed to review (OPERATOR_TELEGRAM_IDS). */
  ids: readonly number[];
  review: WithdrawalReview;
  /** Gift codes from /giftcode; without it the command is not offered. */
  giftCodes?: GiftCodeIssuer | undefined;
  /** Broadcasts from /broadcast; without it the command is not offered. */
  broadcasts?: BroadcastSender | undefined;
}

const ASK_REASON = /^Reason for rejecting withdrawal #(\d+)\?/;

/** A forced reply, so the operator's answer comes back as a reply to this question (stateless across processes). */
const askReason = (ctx: BotContext, id: number) =>
  ctx.reply(operatorTexts.askReason(id), { reply_markup: { force_reply: true, selective: true } });

/**
 * Withdrawal review from Telegram: the review message carries Approve / Reject
 * buttons (callback data: @prism/domain's reviewCallbackData). Reject asks for the reason
 * with a forced reply; the reply rejects. Stateless, so any process can handle
 * any step, and only configured operators are obeyed.
 */
export function operatorFeature(config: OperatorConfig): Composer<BotContext> {
  const feature = new Composer<BotContext>();
  const isOperator = (id: number | undefined) => id !== undefined && config.ids.includes(id);
  const operatorName = (ctx: BotContext) => (ctx.from?.username ? `@${ctx.from.username}` : `tg:${ctx.from?.id}`);

  feature.callbackQuery(reviewCallbackPattern('approve'), async (ctx) => {
    if (!isOperator(ctx.from?.id)) return ctx.answerCallbackQuery({ text: operatorTexts.notOperator, show_alert: true });
    const id = Number(ctx.match[1]);
    const outcome = await config.review.approve(id, operatorName(ctx));
    // Core edits every operator's copy of the review message on each decision path (not only this tap).
    await ctx.answerCallbackQuery({ text: outcome.ok ? operatorTexts.approved(id, operatorName(ctx)) : outcome.message });
  });

  feature.callbackQuery(reviewCallbackPattern('reject'), async (ctx) => {
    if (!isOperator(ctx.from?.id)) return ctx.answerCallbackQuery({ text: operatorTexts.notOperator, show_alert: true });
    const id = Number(ctx.match[1]);
    const state = await config.review.check(id);
    if (!state.ok) return ctx.answerCallbackQuery({ text: state.message, show_alert: true });
    await ctx.answerCallbackQuery();
    await askReason(ctx, id);
  });

  feature.on('message:text', async (ctx, next) => {
    const asked = ASK_REASON.exec(ctx.message.reply_to_message?.text ?? '');
    if (!asked || ctx.message.reply_to_message?.from?.id !== ctx.me.id) return next();
    if (!isOperator(ctx.from.id)) return ctx.reply(operatorTexts.notOperator);
    const id = Number(asked[1]);
    const reason = visibleReason(ctx.message.text);
    // The user is shown the reason: an empty (or invisible) one is refused and asked for again.
    if (!reason) {
      await ctx.reply(operatorTexts.emptyReason);
      return askReason(ctx, id);
    }
    const outcome = await config.review.reject(id, reason, operatorName(ctx));
    await ctx.reply(outcome.ok ? operatorTexts.rejected(id, operatorName(ctx), reason) : outcome.message);
  });

  return feature;
}
