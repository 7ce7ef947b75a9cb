import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { type Column, DataTable } from '../../../components/DataTable';
import { QueryState } from '../shared/QueryState';
import { PAGE_SIZE, type Redemption, useRedemptions } from './api';
import { Pager } from './Pager';

const COLUMNS: Column<Redemption>[] = [
  { id: 'user', header: 'User', cell: (r) => <Link to={`/users/${r.userId}`}>{r.userId}</Link> },
  { id: 'amount', header: 'Amount', cell: (r) => `${r.amount} ${r.asset}`, numeric: true },
  { id: 'at', header: 'Redeemed', cell: (r) => new Date(r.createdAt).toLocaleString() },
];

/** Who redeemed one gift code, newest first. */
export function RedemptionsView() {
  const code = useParams().code ?? '';
  const [pageNo, setPageNo] = useState(1);
  const redemptions = useRedemptions(code, pageNo);
  const view = redemptions.data?.code;
  return (
    <>
      <p>
        <Link to="..">All gift codes</Link>
      </p>
      <h3>Redemptions of {view?.code ?? code}</h3>
      {view ? (
        <p className="admin-muted">
          {view.amount} {view.asset} each · {view.usedCount} of {view.totalUses} used · expires {new Date(view.expiresAt).toLocaleString()}
        </p>
      ) : null}
      <QueryState isLoading={redemptions.isLoading} error={redemptions.error} />
      <DataTable
        caption="Redemptions"
        columns={COLUMNS}
        rows={redemptions.data?.content}
        rowKey={(r) => r.id}
        empty="Nobody redeemed it yet"
      />
      <Pager pageNo={pageNo} total={redemptions.data?.totalElements ?? 0} pageSize={PAGE_SIZE} onPage={setPageNo} />
    </>
  );
}
