import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router-dom';
import { queryClient } from '../../lib/queryClient';

/**
 * Around every page but the entry and login pages: react-query. Its chunk
 * loads together with those pages' UI strings (app/router.tsx), so the login
 * page, a visitor's first, downloads neither (docs/decisions.md).
 */
export function FullLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
