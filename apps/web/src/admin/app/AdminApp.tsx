import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { ConfigPage } from '../features/config';
import { DashboardPage } from '../features/dashboard';
import { UsersPage } from '../features/users';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, staleTime: 10_000 } } });

/** The console's routes under /admin. Each feature folder exports its page from its index.ts. */
export function AdminApp() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter basename="/admin">
        <Routes>
          <Route path="/" element={<DashboardPage />} />
          <Route path="/users/*" element={<UsersPage />} />
          <Route path="/config/*" element={<ConfigPage />} />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
