import { Composer } from 'grammy';
import type { BotContext } from '../context';
import { fallbackTexts } from '../fallbackTexts';

/**
 * Registered last: whatever no feature handled. In a private chat a message
 * gets a pointer to /help (groups are left alone: the bot must not answer every
 * line there). Every unknown button is answered, or Telegram keeps its spinner.
 */
export const fallbackFeature = new Composer<BotContext>();

fallbackFeature.chatType('private').on('message', async (ctx) => {
  const t = fallbackTexts(await ctx.locale());
  const command = ctx.message.entities?.some((entity) => entity.type === 'bot_command' && entity.offset === 0);
  await ctx.reply(command ? t.unknownCommand : t.notUnderstood);
});

fallbackFeature.on('callback_query', async (ctx) => {
  await ctx.answerCallbackQuery({ text: fallbackTexts(await ctx.locale()).unknownButton });
});
