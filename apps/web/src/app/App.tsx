import { QueryClientProvider } from '@tanstack/react-query';
import { AppRoot } from '@telegram-apps/telegram-ui';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../lib/i18n';
import { queryClient } from '../lib/queryClient';
import { useTheme } from '../lib/theme';
import { AppRouter } from './router';

/** The provider tree: data (react-query), language (i18next), theme (telegram-ui's AppRoot), routes. */
export function App() {
  const theme = useTheme();
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <AppRoot appearance={theme} platform="base" className="app-root">
          <AppRouter />
        </AppRoot>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
