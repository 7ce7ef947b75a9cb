import { sign } from '@telegram-apps/init-data-node';
import { E2E_BOT_TOKEN } from './constants';

/** The URL Telegram would open: launch parameters in the hash, initData signed with the bot's token. */
export function telegramLaunchUrl(user: { id: number; username: string }, path = '/'): string {
  const initData = sign(
    { user: { id: user.id, first_name: 'Tess', username: user.username, language_code: 'en' } },
    E2E_BOT_TOKEN,
    new Date(),
  );
  const params = new URLSearchParams({
    tgWebAppData: initData,
    tgWebAppVersion: '8.0',
    tgWebAppPlatform: 'tdesktop',
    tgWebAppThemeParams: JSON.stringify({ bg_color: '#000000', text_color: '#ffffff', button_color: '#2481cc' }),
  });
  return `${path}#${params.toString()}`;
}
