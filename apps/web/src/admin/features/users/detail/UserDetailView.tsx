import { Link, useParams } from 'react-router-dom';
import { formErrors } from '../../../lib/errors';
import { textOf } from '../present';
import { useUser } from './api';
import { Facts } from './Facts';
import { HistoryView } from './HistoryView';
import { RowsTable } from './RowsTable';
import { TeamView } from './TeamView';
import { UserActions } from './UserActions';

/** One user: who they are, balances, protection, Telegram, sessions, team, history, and the actions. */
export function UserDetailView() {
  const id = useParams().id ?? '';
  const detail = useUser(id);
  const data = detail.data;
  const user = data?.user ?? {};
  return (
    <section aria-labelledby="user-title">
      <p>
        <Link to="..">Back to the search</Link>
      </p>
      <h2 id="user-title">
        User {id}
        {user.nickName ? ` · ${textOf(user.nickName)}` : ''}
      </h2>
      {detail.isLoading ? <p aria-busy="true">Loading…</p> : null}
      {detail.error ? (
        <p role="alert" className="admin-error">
          {formErrors(detail.error).message}
        </p>
      ) : null}
      {data ? (
        <>
          <UserActions userId={id} active={user.userStatus !== 0} />
          <Facts title="Account" record={user} />
          <RowsTable caption="Balances" answer={data.balances} empty="No balances" />
          <Facts title="Protection settings" record={data.protection} />
          <Facts title="Telegram link" record={data.telegram} />
          <RowsTable caption="Sessions" answer={data.sessions} empty="No sessions" />
          <TeamView team={data.team} />
          <HistoryView userId={id} kind="ledger" />
          <HistoryView userId={id} kind="bets" />
        </>
      ) : null}
    </section>
  );
}
