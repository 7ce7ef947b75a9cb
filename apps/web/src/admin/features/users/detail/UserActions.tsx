import { ASSETS } from '@prism/domain';
import { Link } from 'react-router-dom';
import { AccountActions } from './AccountActions';
import { ActionForm } from './ActionForm';
import { messageUser, requestAdjustment, userKey, waiveTurnover } from './api';

/**
 * What an operator can do to the user. Every action is shown; the server refuses those the role
 * lacks with 403, and the form says which permission is needed (the console shell may hide them).
 */
export function UserActions({ userId, active }: { userId: string; active: boolean }) {
  const key = userKey(userId);
  return (
    <section aria-label="Actions" className="admin-form-grid">
      <AccountActions userId={userId} active={active} />
      <ActionForm
        title="Message the user"
        fields={[
          { name: 'title', label: 'Title' },
          { name: 'content', label: 'Message', multiline: true },
        ]}
        submitLabel="Send"
        done="Message sent."
        permission="users.message"
        queryKey={key}
        send={(body) => messageUser(userId, body)}
      />
      <ActionForm
        title="Waive the turnover"
        fields={[
          { name: 'coin', label: 'Coin', options: ASSETS },
          { name: 'reason', label: 'Reason', multiline: true },
        ]}
        submitLabel="Waive"
        done="Turnover waived."
        permission="balances.adjust"
        queryKey={key}
        send={(body) => waiveTurnover(userId, body)}
      />
      <ActionForm
        title="Request a balance adjustment"
        fields={[
          { name: 'coin', label: 'Coin', options: ASSETS },
          { name: 'direction', label: 'Direction', options: ['credit', 'debit'] },
          { name: 'amount', label: 'Amount' },
          { name: 'reason', label: 'Reason', multiline: true },
        ]}
        submitLabel="Request"
        done="Requested: a second operator approves it under Approvals."
        permission="balances.adjust"
        queryKey={key}
        send={(body) => requestAdjustment(userId, body)}
      />
      <p>
        <Link to="/approvals">Approvals</Link>
      </p>
    </section>
  );
}
