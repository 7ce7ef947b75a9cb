import {
  inQuietHours,
  isNotificationTopic,
  isReminderTime,
  NOTIFICATION_TOPICS,
  type NotificationSettingsView,
  type NotificationTopic,
} from '@prism/domain';
import { Composer } from 'grammy';
import type { InlineKeyboardButton } from 'grammy/types';
import type { BotContext } from '../context';
import { settingsTexts } from './settingsTexts';

/**
 * What /settings asks core: the player's notification choices by Telegram id (undefined: no linked
 * account). The same stored row as the app's Personal → Notifications.
 */
export interface BotNotificationSettings {
  view(telegramId: number): Promise<NotificationSettingsView | undefined>;
  toggle(telegramId: number, topic: NotificationTopic): Promise<NotificationSettingsView | undefined>;
  reminderAt(telegramId: number, time: string): Promise<NotificationSettingsView | undefined>;
  /** /start: a player who had blocked the bot gets messages again. */
  started(telegramId: number): Promise<void>;
}

/** The day hours the bot offers for the reminder (quiet hours 22:00-08:00 are left out: the app can confirm one). */
export const REMINDER_HOURS = Array.from({ length: 14 }, (_, i) => `${String(8 + i).padStart(2, '0')}:00`);

const TOGGLE = /^ns:t:([a-z]+)$/;
const TIME = /^ns:r:(\d\d:\d\d)$/;

function settingsMessage(locale: string, view: NotificationSettingsView): { text: string; keyboard: InlineKeyboardButton[][] } {
  const t = settingsTexts(locale);
  const keyboard = NOTIFICATION_TOPICS.map((topic) => [
    { text: `${view.topics[topic] ? '✅' : '⬜'} ${t.topics[topic]}`, callback_data: `ns:t:${topic}` },
  ]);
  keyboard.push([{ text: `🕗 ${t.reminderAt(view.reminderTime, view.timeZone)}`, callback_data: 'ns:r' }]);
  return { text: `${t.title}\n\n${t.intro}`, keyboard };
}

function timeKeyboard(locale: string): InlineKeyboardButton[][] {
  const rows: InlineKeyboardButton[][] = [];
  for (let i = 0; i < REMINDER_HOURS.length; i += 4) {
    rows.push(REMINDER_HOURS.slice(i, i + 4).map((time) => ({ text: time, callback_data: `ns:r:${time}` })));
  }
  rows.push([{ text: settingsTexts(locale).back, callback_data: 'ns:b' }]);
  return rows;
}

/** Shows the choices again in the message the button was under. */
async function showChoices(ctx: BotContext, view: NotificationSettingsView | undefined, toast?: string): Promise<void> {
  const locale = await ctx.locale();
  if (!view) {
    await ctx.answerCallbackQuery({ text: settingsTexts(locale).notLinked, show_alert: true });
    return;
  }
  const { text, keyboard } = settingsMessage(locale, view);
  await ctx.answerCallbackQuery(toast ? { text: toast } : {});
  await ctx.editMessageText(text, { reply_markup: { inline_keyboard: keyboard } });
}

/**
 * /settings: the notifications the player chooses, as buttons (docs/telegram.md, "Notifications").
 * Each press writes the stored choice at once and redraws the buttons.
 */
export function settingsFeature(settings: BotNotificationSettings): Composer<BotContext> {
  const feature = new Composer<BotContext>();

  feature.command('settings', async (ctx) => {
    const locale = await ctx.locale();
    const view = ctx.from ? await settings.view(ctx.from.id) : undefined;
    if (!view) return ctx.reply(settingsTexts(locale).notLinked);
    const { text, keyboard } = settingsMessage(locale, view);
    return ctx.reply(text, { reply_markup: { inline_keyboard: keyboard } });
  });

  feature.callbackQuery(TOGGLE, async (ctx) => {
    const topic = ctx.match[1] ?? '';
    if (!isNotificationTopic(topic)) return ctx.answerCallbackQuery();
    return showChoices(ctx, await settings.toggle(ctx.from.id, topic), settingsTexts(await ctx.locale()).saved);
  });

  feature.callbackQuery('ns:r', async (ctx) => {
    const locale = await ctx.locale();
    await ctx.answerCallbackQuery();
    await ctx.editMessageText(settingsTexts(locale).chooseTime, { reply_markup: { inline_keyboard: timeKeyboard(locale) } });
  });

  feature.callbackQuery(TIME, async (ctx) => {
    const time = ctx.match[1] ?? '';
    if (!isReminderTime(time) || inQuietHours(time)) return ctx.answerCallbackQuery();
    return showChoices(ctx, await settings.reminderAt(ctx.from.id, time), settingsTexts(await ctx.locale()).saved);
  });

  feature.callbackQuery('ns:b', async (ctx) => showChoices(ctx, await settings.view(ctx.from.id)));

  return feature;
}
