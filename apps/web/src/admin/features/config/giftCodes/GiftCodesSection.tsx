import { ASSETS, type GiftCodeView } from '@prism/domain';
import { useState } from 'react';
import { Link, Route, Routes } from 'react-router-dom';
import { type Column, DataTable } from '../../../components/DataTable';
import { ConfigForm } from '../shared/ConfigForm';
import type { FieldSpec } from '../shared/formState';
import { QueryState } from '../shared/QueryState';
import { useSaveAndRefresh } from '../shared/useRefresh';
import { createGiftCode, giftCodesKey, PAGE_SIZE, useGiftCodes } from './api';
import { Pager } from './Pager';
import { RedemptionsView } from './RedemptionsView';

const FIELDS: readonly FieldSpec[] = [
  { name: 'asset', label: 'Coin', kind: 'select', options: ASSETS },
  { name: 'amount', label: 'Amount per redemption' },
  { name: 'totalUses', label: 'Redemptions in all', kind: 'number' },
  { name: 'days', label: 'Valid for (days)', kind: 'number' },
  { name: 'perUserOnce', label: 'Once per user', kind: 'checkbox' },
];

const COLUMNS: Column<GiftCodeView>[] = [
  { id: 'code', header: 'Code', cell: (c) => <Link to={encodeURIComponent(c.code)}>{c.code}</Link> },
  { id: 'amount', header: 'Amount', cell: (c) => `${c.amount} ${c.asset}`, numeric: true },
  { id: 'used', header: 'Used', cell: (c) => `${c.usedCount} / ${c.totalUses}`, numeric: true },
  { id: 'expires', header: 'Expires', cell: (c) => new Date(c.expiresAt).toLocaleString() },
  { id: 'by', header: 'Created by', cell: (c) => c.createdBy },
];

function GiftCodeList() {
  const [pageNo, setPageNo] = useState(1);
  const codes = useGiftCodes(pageNo);
  const refresh = useSaveAndRefresh(giftCodesKey);
  const [created, setCreated] = useState<string>();
  const create = async (body: Record<string, string>) => setCreated((await refresh(() => createGiftCode(body))).code);
  return (
    <>
      <ConfigForm title="New gift code" fields={FIELDS} save={create} submitLabel="Create" />
      {created ? (
        <p role="status">
          New code: <strong>{created}</strong>
        </p>
      ) : null}
      <QueryState isLoading={codes.isLoading} error={codes.error} />
      <DataTable caption="Gift codes" columns={COLUMNS} rows={codes.data?.content} rowKey={(c) => c.id} empty="No gift codes yet" />
      <Pager pageNo={pageNo} total={codes.data?.totalElements ?? 0} pageSize={PAGE_SIZE} onPage={setPageNo} />
    </>
  );
}

/** Gift codes: create one, list them, see who redeemed a code (gift-codes/:code). */
export function GiftCodesSection() {
  return (
    <section aria-labelledby="gift-codes-title">
      <h2 id="gift-codes-title">Gift codes</h2>
      <Routes>
        <Route index element={<GiftCodeList />} />
        <Route path=":code" element={<RedemptionsView />} />
      </Routes>
    </section>
  );
}
