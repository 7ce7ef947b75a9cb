import { operatorTexts } from '@prism/domain';
import { Composer } from 'grammy';
import type { BotContext } from '../context';
import { type Reviewer, telegramOperator } from './telegramOperator';

/** What the bot may ask core to do when an operator creates a gift code. */
export interface GiftCodeIssuer {
  /** Whether this Telegram user is an active operator whose role may create gift codes (core decides). */
  mayIssue(operator: Reviewer): Promise<boolean>;
  create(input: { amount: string; asset: string; uses: string; days: string; operator: Reviewer }): Promise<GiftCodeOutcome>;
}

export type GiftCodeOutcome =
  | { ok: true; code: string; amount: string; asset: string; uses: number; expiresAt: string }
  | { ok: false; message: string };

/**
 * `/giftcode <amount> [asset] [uses] [days]` for operators (a Telegram account linked to an operator
 * whose role manages games): the same codes `npm run ops -- giftcode create` makes, once per user.
 */
export function giftCodeFeature(config: { giftCodes: GiftCodeIssuer }): Composer<BotContext> {
  const feature = new Composer<BotContext>();
  feature.command('giftcode', async (ctx) => {
    const operator = telegramOperator(ctx);
    if (!operator || !(await config.giftCodes.mayIssue(operator))) return ctx.reply(operatorTexts.notOperator);
    const [amount, asset = 'CASH', uses = '1', days = '7', ...extra] = ctx.match.trim().split(/\s+/).filter(Boolean);
    if (!amount || extra.length > 0) return ctx.reply(operatorTexts.giftCodeUsage);
    const outcome = await config.giftCodes.create({ amount, asset: asset.toUpperCase(), uses, days, operator });
    return ctx.reply(outcome.ok ? operatorTexts.giftCodeCreated(outcome) : `${outcome.message}\n\n${operatorTexts.giftCodeUsage}`);
  });
  return feature;
}
