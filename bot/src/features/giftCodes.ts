import { operatorTexts } from '@prism/domain';
import { Composer } from 'grammy';
import type { BotContext } from '../context';

/** What the bot may ask core to do when an operator creates a gift code. */
export interface GiftCodeIssuer {
  create(input: { amount: string; asset: string; uses: string; days: string; by: string }): Promise<GiftCodeOutcome>;
}

export type GiftCodeOutcome =
  | { ok: true; code: string; amount: string; asset: string; uses: number; expiresAt: string }
  | { ok: false; message: string };

/**
 * `/giftcode <amount> [asset] [uses] [days]` for operators (OPERATOR_TELEGRAM_IDS):
 * the same codes `npm run ops -- giftcode create` makes, once per user.
 */
export function giftCodeFeature(config: { ids: readonly number[]; giftCodes: GiftCodeIssuer }): Composer<BotContext> {
  const feature = new Composer<BotContext>();
  feature.command('giftcode', async (ctx) => {
    if (ctx.from?.id === undefined || !config.ids.includes(ctx.from.id)) return ctx.reply(operatorTexts.notOperator);
    const [amount, asset = 'CASH', uses = '1', days = '7', ...extra] = ctx.match.trim().split(/\s+/).filter(Boolean);
    if (!amount || extra.length > 0) return ctx.reply(operatorTexts.giftCodeUsage);
    const by = ctx.from.username ? `@${ctx.from.username}` : `tg:${ctx.from.id}`;
    const outcome = await config.giftCodes.create({ amount, asset: asset.toUpperCase(), uses, days, by });
    return ctx.reply(outcome.ok ? operatorTexts.giftCodeCreated(outcome) : `${outcome.message}\n\n${operatorTexts.giftCodeUsage}`);
  });
  return feature;
}
