import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { AccountPage } from '../features/account';
import { ApprovalsPage } from '../features/approvals';
import { AuditPage } from '../features/audit';
import { LoginPage, SetupPage } from '../features/auth';
import { ConfigPage } from '../features/config';
import { DashboardPage } from '../features/dashboard';
import { OperatorsPage } from '../features/operators';
import { ConversationPage, SupportPage } from '../features/support';
import { UsersPage } from '../features/users';
import { WithdrawalDetailPage, WithdrawalsPage } from '../features/withdrawals';
import { adminI18n } from '../i18n';
import { Layout } from './Layout';
import { RequirePermission } from './RequirePermission';
import { SessionGate } from './SessionGate';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, staleTime: 10_000 } } });

/**
 * The console's routes under /admin. Each feature folder exports its page from its index.ts.
 * Sign-in and setup stand alone; everything else is inside the session and the layout, each page
 * behind the permission that opens it (the API checks again: the screen only follows it).
 */
export function AdminApp() {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={adminI18n}>
        <BrowserRouter basename="/admin">
          <Routes>
            <Route path="/login" element={<LoginPage />} />
            <Route path="/setup/:token" element={<SetupPage />} />
            <Route
              element={
                <SessionGate>
                  <Layout />
                </SessionGate>
              }
            >
              <Route path="/" element={<DashboardPage />} />
              <Route path="/users/*" element={guarded(['users.read'], <UsersPage />)} />
              <Route path="/config/*" element={<ConfigPage />} />
              <Route path="/operators" element={guarded(['operators.manage'], <OperatorsPage />)} />
              <Route path="/audit" element={guarded(['audit.read'], <AuditPage />)} />
              <Route path="/withdrawals" element={guarded(['withdrawals.read'], <WithdrawalsPage />)} />
              <Route path="/withdrawals/:id" element={guarded(['withdrawals.read'], <WithdrawalDetailPage />)} />
              <Route path="/approvals" element={guarded(['balances.adjust'], <ApprovalsPage />)} />
              <Route path="/support" element={guarded(['support.read'], <SupportPage />)} />
              <Route path="/support/:id" element={guarded(['support.read'], <ConversationPage />)} />
              <Route path="/account" element={<AccountPage />} />
              <Route path="*" element={<Navigate to="/" replace />} />
            </Route>
          </Routes>
        </BrowserRouter>
      </I18nextProvider>
    </QueryClientProvider>
  );
}

function guarded(anyOf: Parameters<typeof RequirePermission>[0]['anyOf'], page: React.ReactNode) {
  return <RequirePermission anyOf={anyOf}>{page}</RequirePermission>;
}
