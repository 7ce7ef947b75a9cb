import { emitEvent, mockTelegramEnv } from '@tma.js/sdk-react';

/**
 * Development only (`npm run dev`, then open /?mockTelegram=1): imitates a
 * Telegram client so the native back button, theme and viewport code paths
 * run in a browser. The launch data is unsigned, so it is not sent to the
 * server (it would be refused); to test linking, set VITE_MOCK_INIT_DATA to
 * initData signed with the server's bot token.
 */
const theme = {
  bg_color: '#17212b',
  secondary_bg_color: '#232e3c',
  text_color: '#f5f5f5',
  hint_color: '#708499',
  link_color: '#6ab3f3',
  button_color: '#5288c1',
  button_text_color: '#ffffff',
  header_bg_color: '#17212b',
} as const;

/** Returns whether the mocked launch data is signed, i.e. worth sending to the server. */
export function mockTelegram(): { signed: boolean } {
  const signed = import.meta.env.VITE_MOCK_INIT_DATA as string | undefined;
  const initData =
    signed ??
    new URLSearchParams({
      user: JSON.stringify({ id: 99_000_001, first_name: 'Dev', username: 'dev_user', language_code: 'en' }),
      auth_date: String(Math.floor(Date.now() / 1000)),
      signature: 'mock',
      hash: 'mock',
    }).toString();
  mockTelegramEnv({
    launchParams: {
      tgWebAppThemeParams: theme,
      tgWebAppData: initData,
      tgWebAppVersion: '8.0',
      tgWebAppPlatform: 'tdesktop',
    },
    onEvent: (event) => {
      const { name } = event;
      if (name === 'web_app_request_theme') emitEvent('theme_changed', { theme_params: theme });
      if (name === 'web_app_request_viewport') {
        emitEvent('viewport_changed', { height: window.innerHeight, width: window.innerWidth, is_expanded: true, is_state_stable: true });
      }
      if (name === 'web_app_request_safe_area') emitEvent('safe_area_changed', { top: 0, bottom: 0, left: 0, right: 0 });
      if (name === 'web_app_request_content_safe_area') emitEvent('content_safe_area_changed', { top: 0, bottom: 0, left: 0, right: 0 });
    },
  });
  return { signed: Boolean(signed) };
}
