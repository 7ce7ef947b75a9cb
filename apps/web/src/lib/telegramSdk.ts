/**
 * The Telegram SDK side of lib/telegram.ts, loaded only when the page may
 * run inside Telegram (so a plain browser never downloads the SDK).
 * `init()` throws outside a Telegram client, hence the guards; every mount
 * is guarded by isAvailable() because older clients lack some components.
 */

import {
  backButton,
  closingBehavior,
  hapticFeedback,
  init,
  isTMA,
  mainButton,
  miniApp,
  openLink,
  openTelegramLink,
  retrieveLaunchParams,
  retrieveRawInitData,
  secondaryButton,
  swipeBehavior,
  themeParams,
  viewport,
} from '@telegram-apps/sdk-react';
import type { TelegramEnv } from './telegram';

function attempt<T>(fn: () => T): T | undefined {
  try {
    return fn();
  } catch {
    return undefined;
  }
}

/** Reads the launch parameters and, inside a Telegram client, initialises the SDK and mounts its components. */
export function startSdk({ sendInitData }: { sendInitData: boolean }): TelegramEnv {
  const off: TelegramEnv = { active: false, initData: undefined, startParam: undefined };
  if (!attempt(() => isTMA())) return off;
  const initData = (sendInitData && attempt(() => retrieveRawInitData())) || undefined;
  const launch = attempt(() => retrieveLaunchParams());
  const startParam = launch?.tgWebAppStartParam || new URLSearchParams(initData ?? '').get('start_param') || undefined;
  // init() throws outside a Telegram client (no WebView proxy, no parent frame).
  const active =
    attempt(() => {
      init();
      return true;
    }) === true;
  if (active) mountComponents();
  return { active, initData, startParam };
}

/** Mounts what the app uses; every call is guarded because older clients lack some components. */
function mountComponents(): void {
  if (backButton.mount.isAvailable()) backButton.mount();
  if (miniApp.mountSync.isAvailable()) miniApp.mountSync();
  if (themeParams.mountSync.isAvailable()) themeParams.mountSync();
  if (themeParams.bindCssVars.isAvailable() && !themeParams.isCssVarsBound()) themeParams.bindCssVars();
  if (miniApp.bindCssVars.isAvailable() && !miniApp.isCssVarsBound()) miniApp.bindCssVars();
  // Vertical swipes stay on (Telegram's native gesture); forms switch them off while they hold input (setVerticalSwipes).
  // The SDK starts them from its stored state (or "swipes off"); nothing holds input yet.
  if (swipeBehavior.mount.isAvailable()) swipeBehavior.mount();
  setVerticalSwipes(true);
  if (closingBehavior.mount.isAvailable()) closingBehavior.mount();
  setClosingConfirmation(false);
  if (viewport.mount.isAvailable() && !viewport.isMounting() && !viewport.isMounted()) {
    viewport
      .mount()
      .then(() => {
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

/** The chrome colours: the app's own (a theme the user picked) or, by default, Telegram's theme. */
export type Chrome = { header: `#${string}`; background: `#${string}`; bottomBar: `#${string}` } | 'telegram';

/**
 * Paints Telegram's header, background and bottom bar. Following Telegram, they
 * take the user's theme: header = bg_color (our top bar paints the same
 * --tg-theme-bg-color), background and bottom bar = secondary_bg_color (our page background).
 */
export function paintChrome(chrome: Chrome): void {
  const secondary = themeParams.isMounted() ? (themeParams.secondaryBackgroundColor() ?? themeParams.backgroundColor()) : undefined;
  const colors =
    chrome === 'telegram'
      ? { header: 'bg_color', background: secondary ?? 'secondary_bg_color', bottomBar: secondary ?? 'secondary_bg_color' }
      : chrome;
  const header = colors.header.startsWith('#') ? miniApp.setHeaderColor.supports.rgb() : true;
  if (miniApp.setHeaderColor.isAvailable() && header) miniApp.setHeaderColor(colors.header);
  if (miniApp.setBackgroundColor.isAvailable()) miniApp.setBackgroundColor(colors.background);
  if (miniApp.setBottomBarColor.isAvailable()) miniApp.setBottomBarColor(colors.bottomBar);
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
