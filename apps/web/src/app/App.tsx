import { I18nextProvider } from 'react-i18next';
import { i18n } from '../lib/i18n';
import { AppRouter } from './router';

/** The provider tree: language (i18next), routes; react-query comes with the pages that use it (layouts/FullLayout). The theme lives on <html data-theme> (lib/theme.ts). */
export function App() {
  return (
    <I18nextProvider i18n={i18n}>
      <AppRouter />
    </I18nextProvider>
  );
}
