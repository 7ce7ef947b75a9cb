import { ActionStatus } from './ActionStatus';
import { setUserStatus, signOutUser, userKey } from './api';
import { useAction } from './useAction';

/** Disable or enable the account, and sign it out everywhere (users.manage). */
export function AccountActions({ userId, active }: { userId: string; active: boolean }) {
  const { state, run, busy } = useAction(userKey(userId), 'users.manage');
  const toggle = () => {
    if (active && !window.confirm('Disable this account? The user is signed out at once.')) return;
    void run(() => setUserStatus(userId, active ? 'disable' : 'enable'), active ? 'Account disabled.' : 'Account enabled.');
  };
  const signOut = () => {
    if (!window.confirm('Sign this user out on every device?')) return;
    void run(() => signOutUser(userId), 'Signed out everywhere.');
  };
  return (
    <section aria-label="Account">
      <h3>Account</h3>
      <button type="button" disabled={busy} onClick={toggle}>
        {active ? 'Disable account' : 'Enable account'}
      </button>{' '}
      <button type="button" disabled={busy} onClick={signOut}>
        Sign out everywhere
      </button>
      <ActionStatus state={state} />
    </section>
  );
}
