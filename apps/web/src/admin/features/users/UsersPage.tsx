import './users.css';
import { Route, Routes } from 'react-router-dom';
import { UserDetailView } from './detail/UserDetailView';
import { SearchView } from './search/SearchView';

/**
 * Users: search (users/?q=), then one user (users/:id) with their state and the actions by role.
 * Written to the dashboard helper's API (GET users/search, users/:id, users/:id/ledger|bets; POST
 * users/:id/status|signOut|message). Actions are not hidden by role yet: the server's 403 is shown.
 */
export function UsersPage() {
  return (
    <div className="admin-users">
      <h1>Users</h1>
      <Routes>
        <Route index element={<SearchView />} />
        <Route path=":id" element={<UserDetailView />} />
      </Routes>
    </div>
  );
}
