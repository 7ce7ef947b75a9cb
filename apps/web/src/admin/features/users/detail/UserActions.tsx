import { ASSETS } from '@prism/domain';
import { Link } from 'react-router-dom';
import { useCan } from '../../../lib/session';
import { AccountActions } from './AccountActions';
import { ActionForm } from './ActionForm';
import { messageUser, requestAdjustment, userKey, waiveTurnover } from './api';

/**
 * What an operator can do to the user: only the actions their role holds are shown (the server
 * refuses the others with 403 anyway, and the form would say which permission is needed).
 */
export function UserActions({ userId, active }: { userId: string; active: boolean }) {
  const can = useCan();
  if (!can('users.manage') && !can('users.message') && !can('balances.adjust')) return null;
  return (
    <section aria-label="Actions" className="admin-form-grid">
      {can('users.manage') ? <AccountActions userId={userId} active={active} /> : null}
      {can('users.message') ? <MessageAction userId={userId} /> : null}
      {can('balances.adjust') ? <MoneyActions userId={userId} /> : null}
    </section>
  );
}

function MessageAction({ userId }: { userId: string }) {
  return (
    <ActionForm
      title="Message the user"
      fields={[
        { name: 'title', label: 'Title' },
        { name: 'content', label: 'Message', multiline: true },
      ]}
      submitLabel="Send"
      done="Message sent."
      permission="users.message"
      queryKey={userKey(userId)}
      send={(body) => messageUser(userId, body)}
    />
  );
}

function MoneyActions({ userId }: { userId: string }) {
  const key = userKey(userId);
  return (
    <>
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
    </>
  );
}
