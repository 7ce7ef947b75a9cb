import { Composer } from 'grammy';
import type { BotContext } from '../context';
import { toInlineKeyboard } from '../transport';
import { answerStart } from './startAnswer';

export const startFeature = new Composer<BotContext>();

startFeature.command('start', async (ctx) => {
  const from = ctx.from ?? { id: ctx.chat.id, first_name: '' };
  // Start again after blocking the bot: messages flow again. A failure here must not cost the greeting.
  await ctx.config.notifications?.started(from.id).catch(() => undefined);
  const answer = await answerStart({ payload: ctx.match.trim(), from, chatType: ctx.chat.type, botUsername: ctx.me.username }, ctx.config);
  await ctx.reply(answer.text, {
    ...(answer.buttons ? { reply_markup: { inline_keyboard: toInlineKeyboard(answer.buttons) } } : {}),
    link_preview_options: { is_disabled: true },
  });
});
