import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../lib/i18n';
import { queryClient } from '../lib/queryClient';
import { AppRouter } from './router';

/** The provider tree: data (react-query), language (i18next), routes. The theme lives on <html data-theme> (lib/theme.ts). */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <AppRouter />
      </I18nextProvider>
    </QueryClientProvider>
  );
}
