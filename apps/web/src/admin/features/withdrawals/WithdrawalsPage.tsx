import { useState } from 'react';
import { Link } from 'react-router-dom';
import { type Column, DataTable } from '../../components/DataTable';
import { Field } from '../../components/Field';
import { useT } from '../../i18n';
import { formErrors } from '../../lib/errors';
import { when } from '../../lib/form';
import { useWithdrawals, type WithdrawalStatus } from './api';
import { ageHours, filterQueue, type QueueRow } from './queue';

const STATUSES: WithdrawalStatus[] = ['pending_review', 'paid', 'rejected'];
const COINS = ['CASH', 'USDT'];
const AGES = [1, 24, 72];

/** The withdrawal queue: filters (status, coin, age); each row's user and amount, opening its detail. */
export function WithdrawalsPage() {
  const t = useT();
  const [status, setStatus] = useState<WithdrawalStatus | ''>('pending_review');
  const [coin, setCoin] = useState('');
  const [minAgeHours, setMinAgeHours] = useState(0);
  const list = useWithdrawals(status);
  const now = Date.now();
  const rows = list.data ? filterQueue(list.data, { coin, minAgeHours }, now) : undefined;

  const columns: Column<QueueRow>[] = [
    { id: 'order', header: t('withdrawals.order'), cell: (row) => <Link to={`/withdrawals/${row.id}`}>{row.orderNo}</Link> },
    { id: 'user', header: t('withdrawals.user'), cell: (row) => row.userId, numeric: true },
    { id: 'amount', header: t('withdrawals.amount'), cell: (row) => `${row.amount} ${row.currency}`, numeric: true },
    { id: 'destination', header: t('withdrawals.destination'), cell: (row) => `${row.channel} ${row.destination}` },
    {
      id: 'createdAt',
      header: t('withdrawals.createdAt'),
      cell: (row) => `${when(row.createDateTime)} (${ageHours(row.createDateTime, now)} h)`,
    },
    {
      id: 'status',
      header: t('withdrawals.status'),
      cell: (row) =>
        row.status === 'pending_review' && row.firstApprovedBy
          ? t('withdrawals.firstApprovedBy', { login: row.firstApprovedBy })
          : t(`withdrawals.statuses.${row.status}`),
    },
  ];

  return (
    <>
      <h1>{t('withdrawals.title')}</h1>
      <div className="admin-filters">
        <Field label={t('withdrawals.status')}>
          {(props) => (
            <select {...props} value={status} onChange={(event) => setStatus(event.target.value as WithdrawalStatus | '')}>
              <option value="">{t('withdrawals.all')}</option>
              {STATUSES.map((value) => (
                <option key={value} value={value}>
                  {t(`withdrawals.statuses.${value}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('withdrawals.coin')}>
          {(props) => (
            <select {...props} value={coin} onChange={(event) => setCoin(event.target.value)}>
              <option value="">{t('withdrawals.all')}</option>
              {COINS.map((value) => (
                <option key={value}>{value}</option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('withdrawals.age')}>
          {(props) => (
            <select {...props} value={minAgeHours} onChange={(event) => setMinAgeHours(Number(event.target.value))}>
              <option value={0}>{t('withdrawals.anyAge')}</option>
              {AGES.map((hours) => (
                <option key={hours} value={hours}>
                  {t('withdrawals.olderThan', { hours })}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <DataTable
        caption={t('withdrawals.caption')}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        empty={t('withdrawals.empty')}
        error={list.error ? formErrors(list.error).message : undefined}
      />
    </>
  );
}
