import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { sign, signData } from '@telegram-apps/init-data-node';
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

/** Telegram's default palettes (the day and night themes of Telegram's own apps), as an outside audit saw them sent. */
export const TELEGRAM_DEFAULT_LIGHT: ThemeParams = {
  bg_color: '#ffffff',
  secondary_bg_color: '#f1f1f1',
  text_color: '#222222',
  hint_color: '#8e8e93',
  link_color: '#50a8eb',
  button_color: '#50a8eb',
  button_text_color: '#ffffff',
};

export const TELEGRAM_DEFAULT_DARK: ThemeParams = {
  bg_color: '#17212b',
  secondary_bg_color: '#232e3c',
  text_color: '#f5f5f5',
  hint_color: '#708499',
  link_color: '#6ab3f3',
  button_color: '#5288c1',
  button_text_color: '#ffffff',
};

export interface ClientOptions {
  theme?: ThemeParams;
  /** The height the client reports in viewport_changed (both height and stable height); innerHeight when not given. */
  viewportHeight?: number;
  safeArea?: { top: number; bottom: number; left: number; right: number };
  contentSafeArea?: { top: number; bottom: number; left: number; right: number };
}

/** Installs the recording bridge before any script of the page runs. */
export async function installTelegramClient(page: Page, options: ClientOptions = {}): Promise<void> {
  const config = {
    theme: options.theme ?? TELEGRAM_LIGHT,
    safeArea: options.safeArea ?? { top: 0, bottom: 0, left: 0, right: 0 },
    contentSafeArea: options.contentSafeArea ?? { top: 0, bottom: 0, left: 0, right: 0 },
    viewportHeight: options.viewportHeight,
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
        answer('viewport_changed', {
          height: cfg.viewportHeight ?? w.innerHeight,
          width: w.innerWidth,
          is_expanded: true,
          is_state_stable: true,
        }),
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

/** What an older or localised client changes in its launch (all optional; the defaults are an 8.0 iOS client in English). */
export interface LaunchVariant {
  /** tgWebAppVersion, e.g. '6.0' (default '8.0'). */
  version?: string;
  /** Launch data as clients before Bot API 8.0 sign it: no `signature` field, the hash over the rest. */
  withoutSignature?: boolean;
}

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
export function launchUrl(path: string, options: { theme?: ThemeParams; startParam?: string } & LaunchUser & LaunchVariant = {}): string {
  const user = launchUser(options);
  const initData = signedInitData({ user, ...(options.startParam ? { start_param: options.startParam } : {}) }, options.withoutSignature);
  const params = new URLSearchParams({
    tgWebAppData: initData,
    tgWebAppVersion: options.version ?? '8.0',
    tgWebAppPlatform: 'ios',
    tgWebAppThemeParams: JSON.stringify(options.theme ?? TELEGRAM_LIGHT),
    ...(options.startParam ? { tgWebAppStartParam: options.startParam } : {}),
  });
  return `${path}#${params.toString()}`;
}

/** initData signed with the e2e bot token, now; `withoutSignature` as a client before Bot API 8.0 sends it. */
export function signedInitData(data: { user: Record<string, unknown>; start_param?: string }, withoutSignature = false): string {
  const signed = sign(data as Parameters<typeof sign>[0], E2E_BOT_TOKEN, new Date());
  if (!withoutSignature) return signed;
  const params = new URLSearchParams(signed);
  params.delete('hash');
  params.delete('signature');
  // Telegram's data-check string: every other field as key=value, sorted, one per line.
  const check = [...params.entries()]
    .map(([key, value]) => `${key}=${value}`)
    .sort()
    .join('\n');
  params.append('hash', signData(check, E2E_BOT_TOKEN));
  return params.toString();
}

/**
 * A user registered through the API from inside Telegram (`Authorization: tma <initData>`), which
 * links the Telegram account as the app's registration does; no token is kept in any browser.
 */
export async function linkedTelegramUser(
  request: APIRequestContext,
  password = 'secret123',
): Promise<{ phone: string; password: string; telegramId: number; token: string }> {
  const telegramId = 840_000_000 + Math.floor(Math.random() * 1e7);
  const initData = signedInitData({ user: { id: telegramId, first_name: 'Tess', username: `tess_${telegramId}`, language_code: 'en' } });
  const phone = uniquePhone();
  await request.post('/core/app/sms/sendSmsCodeNoAuth', { form: { phone, type: 'register' } });
  const code = await smsCode(request, phone);
  const response = await request.post('/core/app/auth/register', {
    form: { phone, password, confirmPassword: password, code },
    headers: { Authorization: `tma ${initData}` },
  });
  const body = (await response.json()) as { code: number; result: { token: string } };
  expect(body.code).toBe(200);
  return { phone, password, telegramId, token: body.result.token };
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

/**
 * Telegram's CloudStorage in the stand-in (call after installTelegramClient): answers
 * web_app_invoke_custom_method for saveStorageValue, getStorageValues, deleteStorageValues and
 * getStorageKeys as Telegram does (custom_method_invoked with the req_id and the result; a key
 * Telegram refuses gets an error). The store survives reloads (sessionStorage); `seed` fills it
 * once, as if another device had saved the values.
 */
export async function installTelegramCloudStorage(page: Page, seed: Record<string, string> = {}): Promise<void> {
  await page.addInitScript((initial) => {
    type Receiver = { Telegram?: { WebView?: { receiveEvent?: (type: string, data?: unknown) => void } } };
    type Proxy = { postEvent(type: string, json?: string): void };
    const w = window as unknown as Window & Receiver & { TelegramWebviewProxy: Proxy };
    const KEY = '__tgCloud';
    const store: Record<string, string> = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') ?? initial;
    const keep = () => sessionStorage.setItem(KEY, JSON.stringify(store));
    keep();
    const validKey = (key: unknown): key is string => typeof key === 'string' && /^[A-Za-z0-9_-]{1,128}$/.test(key);
    type Params = { key?: unknown; value?: unknown; keys?: unknown[] };
    const methods: Record<string, (params: Params) => unknown> = {
      saveStorageValue: ({ key, value }) => {
        if (!validKey(key) || typeof value !== 'string' || value.length > 4096) throw new Error('STORAGE_KEY_INVALID');
        store[key] = value;
        return true;
      },
      getStorageValues: ({ keys = [] }) => {
        if (!keys.every(validKey)) throw new Error('STORAGE_KEY_INVALID');
        return Object.fromEntries((keys as string[]).map((key) => [key, store[key] ?? '']));
      },
      deleteStorageValues: ({ keys = [] }) => {
        for (const key of keys) if (validKey(key)) delete store[key];
        return true;
      },
      getStorageKeys: () => Object.keys(store),
    };
    const proxy = w.TelegramWebviewProxy;
    const post = proxy.postEvent.bind(proxy);
    proxy.postEvent = (type, json) => {
      post(type, json);
      if (type !== 'web_app_invoke_custom_method' || !json) return;
      const { req_id, method, params } = JSON.parse(json) as { req_id: string; method: string; params: Params };
      let answer: { req_id: string; result?: unknown; error?: string };
      try {
        const run = methods[method];
        if (!run) throw new Error('METHOD_NOT_FOUND');
        answer = { req_id, result: run(params ?? {}) };
        keep();
      } catch (error) {
        answer = { req_id, error: (error as Error).message };
      }
      setTimeout(() => w.Telegram?.WebView?.receiveEvent?.('custom_method_invoked', answer), 0);
    };
  }, seed);
}

/** What the stand-in's CloudStorage holds now. */
export async function telegramCloudStorage(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => JSON.parse(sessionStorage.getItem('__tgCloud') ?? '{}') as Record<string, string>);
}

/** The user closes Telegram's popup (web_app_open_popup) with a button, or by tapping outside (no id). */
export const closeTelegramPopup = (page: Page, buttonId?: string) =>
  clientSends(page, 'popup_closed', buttonId === undefined ? {} : { button_id: buttonId });
