import { Composer } from 'grammy';
import type { BotContext } from '../context';
import { inviteTexts } from '../inviteTexts';
import { botTexts } from '../texts';
import { settingsTexts } from './settingsTexts';

export const helpFeature = new Composer<BotContext>();

/** The help text with the /invite line added after the /help line (the command lines are the texts' own). */
export function helpText(locale: string): string {
  const invite = `/invite – ${inviteTexts(locale).helpLine}\n/settings – ${settingsTexts(locale).helpLine}`;
  const help = botTexts(locale).help;
  return /^\/help .*$/m.test(help) ? help.replace(/^(\/help .*)$/m, `$1\n${invite}`) : `${help}\n\n${invite}`;
}

helpFeature.command('help', async (ctx) => {
  await ctx.reply(helpText(await ctx.locale()));
});
