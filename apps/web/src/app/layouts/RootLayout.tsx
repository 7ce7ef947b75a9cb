import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { ToastHost } from '../../components/Toast';
import { useNavigation } from '../../lib/navigation';
import { bindTelegramBackButton } from '../../lib/telegram';
import { useRouteMeta } from '../routeMeta';
import { useSessionExpiry } from '../session';

/** Telegram's back button: shown where our bar would show a back arrow, and wired to the same rule. */
function useTelegramBackButton(visible: boolean): void {
  const { back } = useNavigation();
  const latest = useRef(back);
  latest.current = back;
  useEffect(() => bindTelegramBackButton(visible, () => latest.current()), [visible]);
}

/** A new page starts at its top. */
function useScrollToTop(pathname: string): void {
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
}

/** Around every page: toasts, session expiry, Telegram's back button. */
export function RootLayout() {
  const { pathname } = useLocation();
  const meta = useRouteMeta();
  useSessionExpiry();
  useTelegramBackButton(meta?.back ?? false);
  useScrollToTop(pathname);
  return (
    <>
      <Outlet />
      <ToastHost />
    </>
  );
}
