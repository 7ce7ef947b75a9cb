import { formErrors } from '../../../lib/errors';
import { rowsOf } from '../present';
import { type HistoryKind, useHistory } from './api';
import { RowsTable } from './RowsTable';

/** The user's ledger entries or bets, newest first, with a button for older ones. */
export function HistoryView({ userId, kind }: { userId: string; kind: HistoryKind }) {
  const history = useHistory(userId, kind);
  const rows = history.data ? history.data.pages.flatMap(rowsOf) : undefined;
  const title = kind === 'ledger' ? 'Ledger history' : 'Bets';
  return (
    <section aria-label={title}>
      <h3>{title}</h3>
      {history.error ? (
        <p role="alert" className="admin-error">
          {formErrors(history.error).message}
        </p>
      ) : null}
      <RowsTable caption={title} answer={rows} empty={kind === 'ledger' ? 'No ledger entries' : 'No bets'} />
      {history.hasNextPage ? (
        <button type="button" disabled={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
          {history.isFetchingNextPage ? 'Loading…' : 'Older'}
        </button>
      ) : null}
    </section>
  );
}
