/**
 * Everything the app knows about Telegram, decided once at start-up (the one
 * Telegram init module; the SDK calls live in telegramSdk.ts).
 *
 * - `initData`: the raw launch data string. The API client sends it as
 *   `Authorization: tma <initData>` while there is no token. It is found
 *   whenever launch parameters exist: inside Telegram, or in a browser opened
 *   with `#tgWebAppData=...&tgWebAppVersion=...` in the URL. The SDK keeps
 *   them in sessionStorage, so they survive the router replacing the URL.
 * - `active`: the SDK is initialised and talks to a Telegram client, so the
 *   native back button, theme and viewport are used. In a plain browser
 *   `init()` throws and the app shows its own bars.
 */
export interface TelegramEnv {
  active: boolean;
  initData: string | undefined;
  startParam: string | undefined;
  /** The user's Telegram language (initData's `user.language_code`), e.g. "ar" or "zh-hans". */
  languageCode: string | undefined;
  /** The client's Mini Apps version ("6.0", "8.0") and platform ("ios", "tdesktop"). */
  version: string | undefined;
  platform: string | undefined;
  /** True when Telegram draws the back button (Bot API 6.1+); otherwise inner pages show their own arrow. */
  nativeBack: boolean;
}

import type { Tones } from './contrast';
import { LAUNCH_COPY_KEY } from './launchParams';
import type { Chrome, Palette, PopupOptions } from './telegramSdk';

export type { Palette, PopupOptions };

type Sdk = typeof import('./telegramSdk');

/** A plain browser: no launch data, no client. */
export const OUTSIDE_TELEGRAM: TelegramEnv = {
  active: false,
  initData: undefined,
  startParam: undefined,
  languageCode: undefined,
  version: undefined,
  platform: undefined,
  nativeBack: false,
};

let env: TelegramEnv = OUTSIDE_TELEGRAM;
let sdk: Sdk | undefined;

export const telegram = (): TelegramEnv => env;

/** What a window can show of a Telegram launch, checked without the SDK. */
export interface LaunchTraces {
  href: string;
  navigationUrl: string | undefined;
  storedLaunchParams: boolean;
  webviewProxy: boolean;
  framed: boolean;
}

/**
 * Cheap pre-check before downloading the SDK: launch parameters in the URL (or
 * in the first navigation's URL, or kept by the SDK in sessionStorage), the
 * mobile clients' WebView proxy, or a parent frame (Telegram's web clients).
 * The SDK's isTMA() then decides for real.
 */
export function mayBeTelegram(traces: LaunchTraces): boolean {
  const hasParams = (url: string | undefined) => Boolean(url && /[#?&]tgWebApp(Data|Platform|Version)=/.test(url));
  return hasParams(traces.href) || hasParams(traces.navigationUrl) || traces.storedLaunchParams || traces.webviewProxy || traces.framed;
}

function readTraces(): LaunchTraces {
  const navigation = performance.getEntriesByType?.('navigation')[0];
  let stored = false;
  try {
    stored = sessionStorage.getItem(LAUNCH_COPY_KEY) !== null || sessionStorage.getItem('tapps/launchParams') !== null;
  } catch {
    stored = false;
  }
  return {
    href: window.location.href,
    navigationUrl: navigation?.name,
    storedLaunchParams: stored,
    webviewProxy: 'TelegramWebviewProxy' in window,
    framed: window.parent !== window,
  };
}

/** `sendInitData: false` keeps unsigned development launch data (telegramMock) away from the server. */
export async function initTelegram({
  sendInitData = true,
  force = false,
}: {
  sendInitData?: boolean;
  force?: boolean;
} = {}): Promise<TelegramEnv> {
  if (!force && !mayBeTelegram(readTraces())) return env;
  try {
    sdk = await import('./telegramSdk');
  } catch {
    return env;
  }
  env = sdk.startSdk({ sendInitData });
  return env;
}

/**
 * Copies the preferences kept in Telegram's CloudStorage into this device's storage before the theme
 * and the language read them (lib/preferences.ts, which comes in the SDK's chunk); a no-op outside Telegram.
 */
export function hydrateTelegramPreferences(): Promise<void> {
  return hasTelegramCloud() && sdk ? sdk.hydratePreferences() : Promise.resolve();
}

/** Telegram's colour scheme, when the app runs inside Telegram. */
export function telegramIsDark(): boolean | undefined {
  return env.active ? sdk?.isDark() : undefined;
}

/** Calls `listener` when Telegram switches between light and dark; returns the unsubscribe. */
export function onTelegramThemeChange(listener: (dark: boolean) => void): () => void {
  return env.active && sdk ? sdk.onThemeChange(listener) : () => {};
}

/** Telegram's theme parameters (snake_case keys, "#rrggbb"), inside Telegram once the theme is mounted. */
export function telegramPalette(): Palette | undefined {
  return env.active ? sdk?.palette() : undefined;
}

/**
 * The readable text tones of a Telegram palette (lib/contrast.ts), from the SDK's chunk: only
 * Telegram's palette is ever checked, so a plain browser does not download the check.
 */
export function telegramTones(palette: Palette): Tones | undefined {
  return sdk?.readableTones(palette);
}

/** Calls `listener` with each palette Telegram sends while the app is open (and whether it is dark); returns the unsubscribe. */
export function onTelegramPaletteChange(listener: (palette: Palette, dark: boolean) => void): () => void {
  return env.active && sdk ? sdk.onPaletteChange(listener) : () => {};
}

/** Paints Telegram's header, background and bottom bar: the app's colours, or 'telegram' for the user's Telegram theme. */
export function paintTelegramChrome(chrome: Chrome): void {
  if (env.active) sdk?.paintChrome(chrome);
}

/** Telegram asks before closing the app while `on` (a money form holds input); a no-op outside Telegram. */
export function setTelegramClosingConfirmation(on: boolean): void {
  if (env.active) sdk?.setClosingConfirmation(on);
}

/** Whether a vertical swipe may minimise the app (off while a swipe would lose input); a no-op outside Telegram. */
export function setTelegramVerticalSwipes(enabled: boolean): void {
  if (env.active) sdk?.setVerticalSwipes(enabled);
}

/** Telegram's SecondaryButton with `text`, wired to `onClick`; returns the cleanup. A no-op outside Telegram. */
export function bindTelegramSecondaryButton(text: string, onClick: () => void): () => void {
  return usesSecondaryButton() && sdk ? sdk.bindSecondaryButton(text, onClick) : () => {};
}

/** True when a form's second action (Cancel) should be Telegram's SecondaryButton: beside the MainButton, on 7.10+. */
export function usesSecondaryButton(): boolean {
  return usesMainButton() && sdk?.hasSecondaryButton() === true;
}

/** The tick of a changed selection inside Telegram; a no-op in a browser. */
export function hapticSelection(): void {
  if (env.active) sdk?.selection();
}

/** Shows Telegram's back button wired to `onBack`, or hides it; returns the cleanup. */
export function bindTelegramBackButton(visible: boolean, onBack: () => void): () => void {
  return env.active && sdk ? sdk.bindBackButton(visible, onBack) : () => {};
}

/** True when the confirm action of a form should be Telegram's MainButton (inside a client that has one). */
export function usesMainButton(): boolean {
  return env.active && sdk?.hasMainButton() === true;
}

/** Shows Telegram's MainButton with `state`, wired to `onClick`; returns the cleanup. A no-op outside Telegram. */
export function bindTelegramMainButton(state: { text: string; enabled: boolean; loading: boolean }, onClick: () => void): () => void {
  return usesMainButton() && sdk ? sdk.bindMainButton(state, onClick) : () => {};
}

/** Haptic feedback inside Telegram (a bet placed): a no-op in a browser and on clients without haptics. */
export function hapticImpact(style: 'light' | 'medium' | 'heavy' = 'medium'): void {
  if (env.active) sdk?.impact(style);
}

/** Haptic feedback for an outcome inside Telegram (a result popup): success or warning. */
export function hapticNotification(type: 'success' | 'warning' | 'error'): void {
  if (env.active) sdk?.notify(type);
}

/** Opens a t.me link with Telegram's openTelegramLink; false outside Telegram or on a client without it. */
export function openTelegramLinkInApp(url: string): boolean {
  return env.active && sdk ? sdk.openInTelegram(url) : false;
}

/** Opens a link with Telegram's openLink; false outside Telegram or on a client without it. */
export function openLinkInApp(url: string): boolean {
  return env.active && sdk ? sdk.openExternal(url) : false;
}

/** Telegram's native popup; undefined outside Telegram or on a client without popups (use the app's own dialog). */
export function showTelegramPopup(options: PopupOptions): Promise<string | undefined> | undefined {
  return env.active && sdk ? sdk.showPopup(options) : undefined;
}

/** True inside a Telegram client that has CloudStorage (Bot API 6.9+). */
export function hasTelegramCloud(): boolean {
  return env.active && sdk?.cloud.available() === true;
}

/** Telegram's CloudStorage; only call after hasTelegramCloud(). */
export function telegramCloud(): NonNullable<Sdk>['cloud'] | undefined {
  return hasTelegramCloud() ? sdk?.cloud : undefined;
}

/** Shows Telegram's Settings button wired to `onClick`; returns the cleanup. A no-op outside Telegram. */
export function bindTelegramSettingsButton(onClick: () => void): () => void {
  return env.active && sdk ? sdk.bindSettingsButton(onClick) : () => {};
}

/** Opens Telegram's share sheet for `url`; false outside Telegram or on a client without it. */
export function shareUrlInApp(url: string, text?: string): boolean {
  return env.active && sdk ? sdk.shareLink(url, text) : false;
}

/** True inside a Telegram client that can share a prepared message (Bot API 8.0): the invite's "send with the app button". */
export function canSharePreparedInApp(): boolean {
  return env.active && sdk?.canSharePrepared() === true;
}

/** Shares a message the bot prepared (with the Mini App button); false outside Telegram or on an older client. */
export async function sharePreparedInApp(preparedMessageId: string): Promise<boolean> {
  return env.active && sdk ? sdk.sharePrepared(preparedMessageId) : false;
}
