import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { type Column, DataTable } from '../../../components/DataTable';
import { Field } from '../../../components/Field';
import { formErrors } from '../../../lib/errors';
import { type UserHit, useUserSearch } from './api';

const COLUMNS: Column<UserHit>[] = [
  { id: 'id', header: 'Id', cell: (u) => <Link to={String(u.id)}>{u.id}</Link>, numeric: true },
  { id: 'phone', header: 'Phone', cell: (u) => u.phone },
  { id: 'name', header: 'Name', cell: (u) => u.nickName },
  { id: 'code', header: 'Invitation code', cell: (u) => u.invitationCode },
  { id: 'telegram', header: 'Telegram', cell: (u) => (u.telegramUsername ? `@${u.telegramUsername}` : '—') },
  { id: 'status', header: 'Status', cell: (u) => (u.userStatus === 1 ? 'Active' : 'Disabled') },
  { id: 'since', header: 'Joined', cell: (u) => new Date(u.createdAt).toLocaleDateString() },
];

/** Find a user by phone, id, invitation code or Telegram username; the query lives in the address (?q=). */
export function SearchView() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [text, setText] = useState(q);
  const search = useUserSearch(q);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setParams(text.trim() ? { q: text.trim() } : {});
  };
  const error = search.error ? formErrors(search.error).message : undefined;
  return (
    <section aria-labelledby="users-search-title">
      <h2 id="users-search-title">Find a user</h2>
      <search>
        <form onSubmit={submit}>
          <Field label="Phone, id, invitation code or Telegram username">
            {(props) => <input {...props} type="search" value={text} onChange={(e) => setText(e.target.value)} />}
          </Field>
          <button type="submit">Search</button>
        </form>
      </search>
      {q ? (
        <DataTable
          caption={`Users matching “${q}”`}
          columns={COLUMNS}
          rows={search.isLoading ? undefined : (search.data ?? [])}
          rowKey={(u) => u.id}
          empty="No user matches"
          error={error}
        />
      ) : null}
    </section>
  );
}
