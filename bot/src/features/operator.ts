import { operatorTexts, reviewCallbackPattern, visibleReason } from '@prism/domain';
import { Composer } from 'grammy';
import type { BotContext } from '../context';
import type { BroadcastSender } from './broadcasts';
import type { GiftCodeIssuer } from './giftCodes';
import { type Reviewer, telegramOperator } from './telegramOperator';

/** Who pressed the button: core obeys only a Telegram id linked to an operator allowed to review. */
export type { Reviewer } from './telegramOperator';

/**
 * What the bot may ask core to do for an operator; core implements it with its withdrawal service.
 * Core decides who may: the Telegram id must be linked to an active operator whose role holds
 * withdrawals.review (otherwise the outcome is a refusal), and the decision is that operator's.
 */
export interface WithdrawalReview {
  /** Whether this reviewer may decide and the withdrawal still awaits a decision; asked before the reason. */
  check(id: number, reviewer: Reviewer): Promise<ReviewOutcome>;
  approve(id: number, reviewer: Reviewer): Promise<ReviewOutcome>;
  reject(id: number, reason: string, reviewer: Reviewer): Promise<ReviewOutcome>;
}

/** `message` explains a refusal (already decided, not found) in the operator's words. */
export type ReviewOutcome = { ok: true } | { ok: false; message: string };

export interface OperatorConfig {
  /** Legacy OPERATOR_TELEGRAM_IDS: they receive review requests; who may act is core's decision. */
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
 * any step; core says whether the Telegram user is an operator allowed to decide.
 */
export function operatorFeature(config: OperatorConfig): Composer<BotContext> {
  const feature = new Composer<BotContext>();
  const reviewer = (ctx: BotContext): Reviewer => telegramOperator(ctx) ?? { telegramId: 0, name: 'tg:0' };

  feature.callbackQuery(reviewCallbackPattern('approve'), async (ctx) => {
    const id = Number(ctx.match[1]);
    const outcome = await config.review.approve(id, reviewer(ctx));
    // Core edits every operator's copy of the review message on each decision path (not only this tap).
    await ctx.answerCallbackQuery(
      outcome.ok ? { text: operatorTexts.approved(id, reviewer(ctx).name) } : { text: outcome.message, show_alert: true },
    );
  });

  feature.callbackQuery(reviewCallbackPattern('reject'), async (ctx) => {
    const id = Number(ctx.match[1]);
    const state = await config.review.check(id, reviewer(ctx));
    if (!state.ok) return ctx.answerCallbackQuery({ text: state.message, show_alert: true });
    await ctx.answerCallbackQuery();
    await askReason(ctx, id);
  });

  feature.on('message:text', async (ctx, next) => {
    const asked = ASK_REASON.exec(ctx.message.reply_to_message?.text ?? '');
    if (!asked || ctx.message.reply_to_message?.from?.id !== ctx.me.id) return next();
    const id = Number(asked[1]);
    const allowed = await config.review.check(id, reviewer(ctx));
    if (!allowed.ok) return ctx.reply(allowed.message);
    const reason = visibleReason(ctx.message.text);
    // The user is shown the reason: an empty (or invisible) one is refused and asked for again.
    if (!reason) {
      await ctx.reply(operatorTexts.emptyReason);
      return askReason(ctx, id);
    }
    const outcome = await config.review.reject(id, reason, reviewer(ctx));
    await ctx.reply(outcome.ok ? operatorTexts.rejected(id, reviewer(ctx).name, reason) : outcome.message);
  });

  return feature;
}
