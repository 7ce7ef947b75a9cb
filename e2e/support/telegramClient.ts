import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { sign } from '@telegram-apps/init-data-node';
import { E2E_BOT_TOKEN } from './constants';
import { smsCode, uniquePhone } from './helpers';

/**
 * A stand-in for a Telegram client around the page: the mobile clients' bridge
 * (window.TelegramWebviewProxy.postEvent) records every web_app_* event the app
 * emits, and answers the requests a real client answers (theme, viewport, safe
 * areas). The events survive full page loads (sessionStorage), and a test can
 * press the MainButton, BackButton or SecondaryButton as a user would.
 */

export interface TelegramEvent {
  type: string;
  data: Record<string, unknown> | undefined;
}

export interface ThemeParams {
  bg_color: string;
  secondary_bg_color: string;
  section_bg_color?: string;
  text_color: string;
  hint_color: string;
  link_color: string;
  button_color: string;
  button_text_color: string;
  header_bg_color?: string;
  bottom_bar_bg_color?: string;
  destructive_text_color?: string;
  section_separator_color?: string;
}

/** Telegram's own default palettes (iOS), the two a user most likely has. */
export const TELEGRAM_LIGHT: ThemeParams = {
  bg_color: '#ffffff',
  secondary_bg_color: '#efeff4',
  section_bg_color: '#ffffff',
  text_color: '#000000',
  hint_color: '#707579',
  link_color: '#0061c2',
  button_color: '#0061c2',
  button_text_color: '#ffffff',
  header_bg_color: '#f8f8f8',
  bottom_bar_bg_color: '#f2f2f2',
  destructive_text_color: '#d12f24',
  section_separator_color: '#c8c7cc',
};

export const TELEGRAM_DARK: ThemeParams = {
  bg_color: '#212121',
  secondary_bg_color: '#0f0f0f',
  section_bg_color: '#212121',
  text_color: '#ffffff',
  hint_color: '#aaaaaa',
  link_color: '#8774e1',
  button_color: '#8774e1',
  button_text_color: '#ffffff',
  header_bg_color: '#212121',
  bottom_bar_bg_color: '#0f0f0f',
  destructive_text_color: '#ff595a',
  section_separator_color: '#0f0f0f',
};

export interface ClientOptions {
  theme?: ThemeParams;
  safeArea?: { top: number; bottom: number; left: number; right: number };
  contentSafeArea?: { top: number; bottom: number; left: number; right: number };
}

/** Installs the recording bridge before any script of the page runs. */
export async function installTelegramClient(page: Page, options: ClientOptions = {}): Promise<void> {
  const config = {
    theme: options.theme ?? TELEGRAM_LIGHT,
    safeArea: options.safeArea ?? { top: 0, bottom: 0, left: 0, right: 0 },
    contentSafeArea: options.contentSafeArea ?? { top: 0, bottom: 0, left: 0, right: 0 },
  };
  await page.addInitScript((cfg) => {
    type Receiver = { Telegram?: { WebView?: { receiveEvent?: (type: string, data?: unknown) => void } } };
    const w = window as unknown as Window & Receiver & { __tgEvents: unknown[] };
    const KEY = '__tgEvents';
    w.__tgEvents = JSON.parse(sessionStorage.getItem(KEY) ?? '[]');
    const answer = (type: string, data?: unknown) => setTimeout(() => w.Telegram?.WebView?.receiveEvent?.(type, data), 0);
    const replies: Record<string, () => void> = {
      web_app_request_theme: () => answer('theme_changed', { theme_params: cfg.theme }),
      web_app_request_viewport: () =>
        answer('viewport_changed', { height: w.innerHeight, width: w.innerWidth, is_expanded: true, is_state_stable: true }),
      web_app_request_safe_area: () => answer('safe_area_changed', cfg.safeArea),
      web_app_request_content_safe_area: () => answer('content_safe_area_changed', cfg.contentSafeArea),
    };
    (w as unknown as { TelegramWebviewProxy: unknown }).TelegramWebviewProxy = {
      postEvent(type: string, json?: string) {
        w.__tgEvents.push({ type, data: json ? JSON.parse(json) : undefined });
        sessionStorage.setItem(KEY, JSON.stringify(w.__tgEvents));
        replies[type]?.();
      },
    };
  }, config);
}

/** Everything the app emitted so far, oldest first. */
export async function telegramEvents(page: Page): Promise<TelegramEvent[]> {
  return page.evaluate(() => (window as unknown as { __tgEvents: TelegramEvent[] }).__tgEvents);
}

/** Forgets what was recorded (to look only at what a later step emits). */
export async function clearTelegramEvents(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __tgEvents: unknown[] }).__tgEvents.length = 0;
    sessionStorage.removeItem('__tgEvents');
  });
}

/** The events of one type, in order. */
export async function eventsOf(page: Page, type: string): Promise<TelegramEvent['data'][]> {
  return (await telegramEvents(page)).filter((event) => event.type === type).map((event) => event.data);
}

/** The latest data of an event type (the MainButton's current state, the closing behaviour). */
export async function latest(page: Page, type: string): Promise<Record<string, unknown> | undefined> {
  return (await eventsOf(page, type)).at(-1);
}

/** Waits until the latest event of `type` matches `expected`. */
export async function expectLatest(page: Page, type: string, expected: Record<string, unknown>): Promise<void> {
  await expect.poll(async () => latest(page, type)).toMatchObject(expected);
}

/** What Telegram sends when the user does something in its own UI. */
export async function clientSends(page: Page, type: string, data?: unknown): Promise<void> {
  await page.evaluate(
    ([eventType, eventData]) => {
      type Receiver = { Telegram?: { WebView?: { receiveEvent?: (type: string, data?: unknown) => void } } };
      (window as unknown as Receiver).Telegram?.WebView?.receiveEvent?.(eventType as string, eventData);
    },
    [type, data] as const,
  );
}

export const pressMainButton = (page: Page) => clientSends(page, 'main_button_pressed');
export const pressSecondaryButton = (page: Page) => clientSends(page, 'secondary_button_pressed');
export const pressBackButton = (page: Page) => clientSends(page, 'back_button_pressed');

/** The Telegram user in the launch data: `languageCode` is the user's Telegram language (default "en"). */
export interface LaunchUser {
  userId?: number;
  languageCode?: string;
  /** Withdrawal codes need one; without it the launch carries none (as for a user who has not set one). */
  username?: string;
}

function launchUser(options: LaunchUser) {
  return {
    id: options.userId ?? 810_000_000 + Math.floor(Math.random() * 1e6),
    first_name: 'Tess',
    ...(options.username ? { username: options.username } : {}),
    language_code: options.languageCode ?? 'en',
  };
}

/** The URL Telegram opens: launch parameters in the hash, initData signed with the bot's token. */
export function launchUrl(path: string, options: { theme?: ThemeParams; startParam?: string } & LaunchUser = {}): string {
  const user = launchUser(options);
  const initData = sign({ user, ...(options.startParam ? { start_param: options.startParam } : {}) }, E2E_BOT_TOKEN, new Date());
  const params = new URLSearchParams({
    tgWebAppData: initData,
    tgWebAppVersion: '8.0',
    tgWebAppPlatform: 'ios',
    tgWebAppThemeParams: JSON.stringify(options.theme ?? TELEGRAM_LIGHT),
    ...(options.startParam ? { tgWebAppStartParam: options.startParam } : {}),
  });
  return `${path}#${params.toString()}`;
}

/** A new user registered through the API; the returned token signs the browser in (localStorage), as the app stores it. */
export async function registeredUser(request: APIRequestContext, password = 'secret123'): Promise<{ phone: string; token: string }> {
  const phone = uniquePhone();
  await request.post('/core/app/sms/sendSmsCodeNoAuth', { form: { phone, type: 'register' } });
  const code = await smsCode(request, phone);
  const response = await request.post('/core/app/auth/register', { form: { phone, password, confirmPassword: password, code } });
  const body = (await response.json()) as { code: number; result: { token: string } };
  expect(body.code).toBe(200);
  return { phone, token: body.result.token };
}

/** Puts the token where the app keeps it, before the app starts. */
export async function logIn(page: Page, token: string): Promise<void> {
  await page.addInitScript((value) => localStorage.setItem('prism.token', JSON.stringify({ token: value })), token);
}
