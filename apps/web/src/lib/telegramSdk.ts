/**
 * The Telegram SDK side of lib/telegram.ts, loaded only when the page may
 * run inside Telegram (so a plain browser never downloads the SDK).
 * `init()` throws outside a Telegram client, hence the guards; every mount
 * is guarded by isAvailable() because older clients lack some components.
 */

import {
  backButton,
  closingBehavior,
  cloudStorage,
  hapticFeedback,
  init,
  isColorDark,
  mainButton,
  miniApp,
  openLink,
  openTelegramLink,
  popup,
  secondaryButton,
  settingsButton,
  shareMessage,
  shareURL,
  swipeBehavior,
  themeParams,
  viewport,
} from '@tma.js/sdk-react';
import { currentLaunchQuery, parseLaunchQuery } from './launchParams';
import { sdkCompatibleQuery } from './sdkLaunchQuery';
import { OUTSIDE_TELEGRAM, type TelegramEnv } from './telegram';

// Telegram-only work, in this chunk so that a browser never downloads it: the contrast check of
// Telegram's palette (lib/theme.ts) and the merge of the preferences kept in its CloudStorage.
export { readableTones } from './contrast';
export { hydratePreferences } from './preferences';

function attempt<T>(fn: () => T): T | undefined {
  try {
    return fn();
  } catch {
    return undefined;
  }
}

// Where the SDK re-reads the launch parameters from (the router replaces the URL).
const SDK_COPY_KEY = 'tapps/launchParams';

/**
 * Reads the launch parameters (leniently: launch data without `signature` from clients before
 * Bot API 8.0 counts), and inside a Telegram client initialises the SDK and mounts its components.
 */
export function startSdk({ sendInitData }: { sendInitData: boolean }): TelegramEnv {
  const query = currentLaunchQuery();
  const launch = query ? parseLaunchQuery(query) : undefined;
  if (!launch || !query) return OUTSIDE_TELEGRAM;
  // The SDK re-reads the launch parameters from sessionStorage; give it a copy its parser accepts.
  attempt(() => sessionStorage.setItem(SDK_COPY_KEY, JSON.stringify(sdkCompatibleQuery(query))));
  const initData = sendInitData ? launch.initData : undefined;
  // init() throws outside a Telegram client (no WebView proxy, no parent frame).
  const active =
    attempt(() => {
      init({ version: launch.version, themeParams: launch.themeParams });
      return true;
    }) === true;
  if (active) mountComponents();
  return {
    active,
    initData,
    startParam: launch.startParam,
    languageCode: launch.languageCode,
    version: launch.version,
    platform: launch.platform,
    nativeBack: active && backButton.isSupported(),
  };
}

/** Mounts what the app uses; every call is guarded because older clients lack some components. */
function mountComponents(): void {
  if (backButton.mount.isAvailable()) backButton.mount();
  // The theme first: the mini app re-sends its colours on every theme change, so mounted
  // before the theme it would first paint the SDK's defaults (header_bg_color) over ours.
  if (themeParams.mount.isAvailable()) themeParams.mount();
  if (miniApp.mount.isAvailable()) miniApp.mount();
  if (themeParams.bindCssVars.isAvailable() && !themeParams.isCssVarsBound()) themeParams.bindCssVars();
  if (miniApp.bindCssVars.isAvailable() && !miniApp.isCssVarsBound()) miniApp.bindCssVars();
  if (settingsButton.mount.isAvailable()) settingsButton.mount();
  // Vertical swipes stay on (Telegram's native gesture); forms switch them off while they hold input (setVerticalSwipes).
  // The SDK starts them from its stored state (or "swipes off"); nothing holds input yet.
  if (swipeBehavior.mount.isAvailable()) swipeBehavior.mount();
  setVerticalSwipes(true);
  if (closingBehavior.mount.isAvailable()) closingBehavior.mount();
  setClosingConfirmation(false);
  if (viewport.mount.isAvailable() && !viewport.isMounted()) {
    viewport
      .mount()
      .then(() => {
        // --tg-viewport-height / --tg-viewport-stable-height (styles/base.css sizes the page with the stable one).
        if (viewport.bindCssVars.isAvailable() && !viewport.isCssVarsBound()) viewport.bindCssVars();
        if (viewport.expand.isAvailable()) viewport.expand();
      })
      .catch(() => {
        // A client that never answers keeps its default viewport; the CSS falls back to 100dvh.
      });
  }
  if (miniApp.ready.isAvailable()) miniApp.ready();
}

/** Telegram's colour scheme. */
export function isDark(): boolean | undefined {
  if (!themeParams.isMounted()) return undefined;
  return themeParams.isDark();
}

/** Calls `listener` when Telegram switches between light and dark; returns the unsubscribe. */
export function onThemeChange(listener: (dark: boolean) => void): () => void {
  return themeParams.isDark.sub(listener);
}

/** Telegram's palette: theme parameter keys (bg_color, hint_color, ...) to "#rrggbb". */
export type Palette = Partial<Record<string, string>>;

/** The current palette; undefined before the theme is mounted. */
export function palette(): Palette | undefined {
  return themeParams.isMounted() ? { ...themeParams.state() } : undefined;
}

/**
 * Calls `listener` with the new palette whenever Telegram sends one (a switch, or new colours in the
 * same scheme) and whether it is dark, judged from the new bg_color as isDark() does: isDark() read
 * inside this listener may still answer for the palette before.
 */
export function onPaletteChange(listener: (palette: Palette, dark: boolean) => void): () => void {
  return themeParams.state.sub((state) => {
    const bg = state.bg_color;
    listener({ ...state }, bg ? attempt(() => isColorDark(bg)) === true : true);
  });
}

/** The chrome colours: the app's own (a theme the user picked) or, by default, Telegram's theme. */
export type Chrome = { header: `#${string}`; background: `#${string}`; bottomBar: `#${string}` } | 'telegram';

/**
 * Paints Telegram's header, background and bottom bar. Following Telegram, they
 * take the user's theme: header = bg_color (our top bar paints the same
 * --tg-theme-bg-color), background and bottom bar = secondary_bg_color (our page background).
 * Theme keys are handed to the SDK as keys: it resolves them against the current palette and
 * sends them again itself whenever Telegram's theme changes, so the colours never lag a switch.
 */
export function paintChrome(chrome: Chrome): void {
  // A palette without secondary_bg_color (some desktop clients send three colours) paints bg_color;
  // the SDK throws for a key the palette does not have.
  const page = themeParams.secondaryBgColor() ? 'secondary_bg_color' : 'bg_color';
  const colors = chrome === 'telegram' ? ({ header: 'bg_color', background: page, bottomBar: page } as const) : chrome;
  const header = colors.header.startsWith('#') ? miniApp.setHeaderColor.supports('rgb') : true;
  if (miniApp.setHeaderColor.isAvailable() && header) attempt(() => miniApp.setHeaderColor(colors.header));
  if (miniApp.setBgColor.isAvailable()) attempt(() => miniApp.setBgColor(colors.background));
  if (miniApp.setBottomBarColor.isAvailable()) attempt(() => miniApp.setBottomBarColor(colors.bottomBar));
}

/** Shows Telegram's back button wired to `onBack`, or hides it; returns the cleanup. */
export function bindBackButton(visible: boolean, onBack: () => void): () => void {
  if (!backButton.isMounted()) return () => {};
  if (!visible) {
    if (backButton.hide.isAvailable()) backButton.hide();
    return () => {};
  }
  if (backButton.show.isAvailable()) backButton.show();
  return backButton.onClick.isAvailable() ? backButton.onClick(onBack) : () => {};
}

/** What the MainButton shows. */
export interface MainButtonState {
  text: string;
  enabled: boolean;
  loading: boolean;
}

/** Shows Telegram's MainButton wired to `onClick`; returns the cleanup that hides it again. */
export function bindMainButton(state: MainButtonState, onClick: () => void): () => void {
  if (mainButton.mount.isAvailable() && !mainButton.isMounted()) mainButton.mount();
  if (!mainButton.setParams.isAvailable()) return () => {};
  mainButton.setParams({ text: state.text, isVisible: true, isEnabled: state.enabled, isLoaderVisible: state.loading });
  const off = mainButton.onClick.isAvailable() ? mainButton.onClick(onClick) : () => {};
  return () => {
    off();
    if (mainButton.setParams.isAvailable()) mainButton.setParams({ isVisible: false, isLoaderVisible: false });
  };
}

/** Shows Telegram's SecondaryButton (a form's second action, e.g. Cancel) wired to `onClick`; returns the cleanup. */
export function bindSecondaryButton(text: string, onClick: () => void): () => void {
  if (secondaryButton.mount.isAvailable() && !secondaryButton.isMounted()) secondaryButton.mount();
  if (!secondaryButton.setParams.isAvailable()) return () => {};
  secondaryButton.setParams({ text, isVisible: true, isEnabled: true });
  const off = secondaryButton.onClick.isAvailable() ? secondaryButton.onClick(onClick) : () => {};
  return () => {
    off();
    if (secondaryButton.setParams.isAvailable()) secondaryButton.setParams({ isVisible: false });
  };
}

/** True when the client can show a MainButton (the browser fallback shows our own button). */
export function hasMainButton(): boolean {
  return mainButton.mount.isAvailable() || mainButton.isMounted();
}

/** True when the client can show a SecondaryButton (7.10+); before that the form keeps its own second button. */
export function hasSecondaryButton(): boolean {
  return secondaryButton.mount.isAvailable() || secondaryButton.isMounted();
}

/** Asks Telegram to confirm before the app is closed (a form holds unsent input), or stops asking. */
export function setClosingConfirmation(on: boolean): void {
  if (!closingBehavior.isMounted()) return;
  const fn = on ? closingBehavior.enableConfirmation : closingBehavior.disableConfirmation;
  if (fn.isAvailable()) fn();
}

/** Lets a vertical swipe minimise/close the app, or not (while a swipe would lose input). */
export function setVerticalSwipes(enabled: boolean): void {
  if (!swipeBehavior.isMounted()) return;
  const fn = enabled ? swipeBehavior.enableVertical : swipeBehavior.disableVertical;
  if (fn.isAvailable()) fn();
}

/** The tick of a changed selection (a tab, a chip, a stepper). */
export function selection(): void {
  if (hapticFeedback.selectionChanged.isAvailable()) hapticFeedback.selectionChanged();
}

/** A light tap (a bet placed); every call is guarded because older clients have no haptics. */
export function impact(style: 'light' | 'medium' | 'heavy'): void {
  if (hapticFeedback.impactOccurred.isAvailable()) hapticFeedback.impactOccurred(style);
}

/** The feel of an outcome (a won or lost round). */
export function notify(type: 'success' | 'warning' | 'error'): void {
  if (hapticFeedback.notificationOccurred.isAvailable()) hapticFeedback.notificationOccurred(type);
}

/** Opens a t.me link inside Telegram (a chat or bot); false when this client cannot. */
export function openInTelegram(url: string): boolean {
  if (!openTelegramLink.isAvailable()) return false;
  openTelegramLink(url);
  return true;
}

/** Opens any other link in Telegram's in-app browser; false when this client cannot. */
export function openExternal(url: string): boolean {
  if (!openLink.isAvailable()) return false;
  openLink(url);
  return true;
}

/** What a native popup shows: up to three buttons; the answer is the pressed button's id (undefined when dismissed). */
export interface PopupOptions {
  title?: string;
  message: string;
  buttons: ({ id: string; type: 'default' | 'destructive'; text: string } | { id: string; type: 'ok' | 'close' | 'cancel' })[];
}

/** Telegram's native popup; undefined when this client has none (the caller falls back to its own dialog). */
export function showPopup(options: PopupOptions): Promise<string | undefined> | undefined {
  if (!popup.show.isAvailable()) return undefined;
  return Promise.resolve(popup.show(options)).then((id) => id || undefined);
}

/** Telegram's CloudStorage (per user and bot, across devices); undefined when this client has none. */
export const cloud = {
  available: (): boolean => cloudStorage.getItem.isAvailable(),
  /** Every key stored for this user (values are fetched with get). */
  keys: async (): Promise<string[]> => cloudStorage.getKeys(),
  /** Missing keys come back as "" (Telegram's answer for a key never set). */
  get: async (keys: string[]): Promise<Record<string, string>> => cloudStorage.getItems(keys),
  set: async (key: string, value: string): Promise<void> => {
    await cloudStorage.setItem(key, value);
  },
  remove: async (key: string): Promise<void> => {
    await cloudStorage.deleteItem(key);
  },
};

/** Shows Telegram's Settings button (in the app's menu) wired to `onClick`; returns the cleanup. */
export function bindSettingsButton(onClick: () => void): () => void {
  if (!settingsButton.isMounted() || !settingsButton.show.isAvailable()) return () => {};
  settingsButton.show();
  return settingsButton.onClick.isAvailable() ? settingsButton.onClick(onClick) : () => {};
}

/** Telegram's share sheet for a link (t.me/share/url inside the client); false when this client cannot. */
export function shareLink(url: string, text?: string): boolean {
  if (!shareURL.isAvailable()) return false;
  shareURL(url, text);
  return true;
}

/** True when this client can share a prepared message (Bot API 8.0). */
export function canSharePrepared(): boolean {
  return shareMessage.isAvailable();
}

/** Shares a message the bot prepared (savePreparedInlineMessage, Bot API 8.0); false when this client cannot. */
export async function sharePrepared(preparedMessageId: string): Promise<boolean> {
  if (!shareMessage.isAvailable()) return false;
  await shareMessage(preparedMessageId);
  return true;
}
