import { QueryClientProvider } from '@tanstack/react-query';
import { use } from 'react';
import { Outlet } from 'react-router-dom';
import { catalogueMessagesAdded } from '../../lib/errorMessages';
import '../../lib/laterApi';
import { queryClient } from '../../lib/queryClient';

/**
 * Around every page but the entry and login pages: react-query. Its chunk
 * loads together with those pages' UI strings (app/router.tsx), so the login
 * page, a visitor's first, downloads neither (docs/decisions.md). So do the error
 * catalogue's texts (lib/errorMessages.ts: English, and the language in use's part,
 * awaited here): only these pages translate its keys; and the endpoints only these
 * pages call (lib/laterApi.ts).
 */
export function FullLayout() {
  // The error catalogue's texts in the language in use: these pages draw with them (loaded once; a failed load leaves English).
  use(catalogueMessagesAdded);
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
