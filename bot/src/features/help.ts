import { Composer } from 'grammy';
import type { BotContext } from '../context';
import { botTexts } from '../texts';

export const helpFeature = new Composer<BotContext>();

helpFeature.command('help', async (ctx) => {
  await ctx.reply(botTexts(ctx.from?.language_code).help);
});
