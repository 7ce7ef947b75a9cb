import { routes } from '@prism/domain';
import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { ConfirmHost } from '../../components/ConfirmHost';
import { ToastHost } from '../../components/Toast';
import { useNavigation } from '../../lib/navigation';
import { bindTelegramBackButton, bindTelegramSettingsButton } from '../../lib/telegram';
import { useRouteMeta } from '../routeMeta';
import { useSessionExpiry } from '../session';

/** Telegram's back button: shown where our bar would show a back arrow, and wired to the same rule. */
function useTelegramBackButton(visible: boolean): void {
  const { back } = useNavigation();
  const latest = useRef(back);
  latest.current = back;
  useEffect(() => bindTelegramBackButton(visible, () => latest.current()), [visible]);
}

/**
 * Telegram's Settings button (in the Mini App's menu) opens the Personal tab: the page with the
 * theme, language, passwords, bank card and responsible-play settings. Bound once for the app.
 */
function useTelegramSettingsButton(): void {
  const { switchTab } = useNavigation();
  const latest = useRef(switchTab);
  latest.current = switchTab;
  useEffect(() => bindTelegramSettingsButton(() => latest.current(routes.account)), []);
}

/** A new page starts at its top. */
function useScrollToTop(pathname: string): void {
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
}

/** Around every page: toasts, confirmations, session expiry, Telegram's back and settings buttons. */
export function RootLayout() {
  const { pathname } = useLocation();
  const meta = useRouteMeta();
  useSessionExpiry();
  useTelegramBackButton(meta?.back ?? false);
  useTelegramSettingsButton();
  useScrollToTop(pathname);
  return (
    <>
      <Outlet />
      <ToastHost />
      <ConfirmHost />
    </>
  );
}
