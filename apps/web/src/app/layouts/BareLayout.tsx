import { Outlet } from 'react-router-dom';

/** The entry page: no bars. */
export function BareLayout() {
  return (
    <main className="shell shell-bare">
      <Outlet />
    </main>
  );
}
