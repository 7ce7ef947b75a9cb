import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router-dom';
import '../../lib/errorMessages';
import '../../lib/laterApi';
import { queryClient } from '../../lib/queryClient';

/**
 * Around every page but the entry and login pages: react-query. Its chunk
 * loads together with those pages' UI strings (app/router.tsx), so the login
 * page, a visitor's first, downloads neither (docs/decisions.md). So do the error
 * catalogue's English texts (lib/errorMessages.ts): only these pages translate its keys; and the
 * endpoints only these pages call (lib/laterApi.ts).
 */
export function FullLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
