import './styles/theme.css';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadRoute } from './app/router';
import { startEarly } from './lib/early';
import { initI18n } from './lib/i18n';
import { hydrateTelegramPreferences, initTelegram } from './lib/telegram';
import { initTheme } from './lib/theme';

/**
 * Start-up order matters: Telegram first (it reads the launch parameters
 * before the router changes the URL, and decides the colour scheme), then the
 * user's preferences from Telegram's CloudStorage (at most ~300 ms; a new device
 * gets the theme and language chosen on another), then the theme, then the
 * language (loaded before the first render so nothing flashes).
 * The first page's files start loading before all of that, in parallel, and so do the home
 * page's first requests for a signed-in user (lib/early.ts).
 */
async function start(): Promise<void> {
  startEarly(window.location.pathname);
  preloadRoute(window.location.pathname);
  let sendInitData = true;
  let force = false;
  if (import.meta.env.DEV && new URLSearchParams(window.location.search).get('mockTelegram') === '1') {
    const { mockTelegram } = await import('./lib/telegramMock');
    sendInitData = mockTelegram().signed;
    force = true;
  }
  await initTelegram({ sendInitData, force });
  await hydrateTelegramPreferences();
  initTheme();
  await initI18n();
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  // A transition: React renders the first page in slices and yields to the browser between them,
  // instead of one long task (Lighthouse's total blocking time). The launch screen stays until it commits.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}

void start();
