import { countOf } from '@prism/domain';
import { useState } from 'react';
import { formErrors } from '../../lib/errors';
import { type Dashboard, useDashboard } from './api';
import { DailyBarChart } from './components/DailyBarChart';
import { PerCoinTable, RoomsTable } from './components/FigureTables';
import { LedgerCheckPanel } from './components/LedgerCheckPanel';
import { OperationsPanel } from './components/OperationsPanel';
import { coinsOf, dailySeries, windowTotals } from './format';

const DAYS = 30;

/** The charts of one coin: net flow and the house result per UTC day. */
function Charts({ data, coins }: { data: Dashboard; coins: string[] }) {
  const [coin, setCoin] = useState(coins[0] ?? 'CASH');
  return (
    <section aria-labelledby="dash-charts">
      <h2 id="dash-charts">Per day</h2>
      <label>
        Coin{' '}
        <select value={coin} onChange={(event) => setCoin(event.target.value)}>
          {coins.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </select>
      </label>
      <div className="admin-grid">
        <DailyBarChart title="Net flow (recharges less withdrawals)" coin={coin} points={dailySeries(data.days, coin, 'netFlow')} />
        <DailyBarChart title="House result" coin={coin} points={dailySeries(data.days, coin, 'houseResult')} />
      </div>
    </section>
  );
}

function Loaded({ data }: { data: Dashboard }) {
  const coins = coinsOf(data);
  const now = new Date(data.generatedAt);
  return (
    <>
      <p className="admin-muted">
        Days are UTC. Figures as of <time dateTime={data.generatedAt}>{now.toLocaleString('en-GB', { timeZone: 'UTC' })} UTC</time>.
        {data.complete ? '' : ' The newest transfers are still being added up: refresh in a minute.'}
      </p>
      <PerCoinTable caption="Today (UTC)" rows={data.today} />
      <PerCoinTable
        caption={`Last ${countOf(data.days.length, 'day', 'days')}`}
        rows={coins.map((coin) => windowTotals(data.days, coin))}
      />
      <Charts data={data} coins={coins} />
      <RoomsTable rows={data.rooms} days={data.days.length} />
      <OperationsPanel data={data} now={now} />
      <LedgerCheckPanel check={data.ledgerCheck} />
    </>
  );
}

/** The operator's first page: how the platform did today and over the last 30 days, and what needs attention. */
export function DashboardPage() {
  const dashboard = useDashboard(DAYS);
  return (
    <main className="admin-page">
      <h1>Dashboard</h1>
      {dashboard.isPending ? (
        <p aria-busy="true" className="admin-muted">
          Loading the figures…
        </p>
      ) : dashboard.isError ? (
        <div role="alert">
          <p className="admin-error">The dashboard could not be loaded: {formErrors(dashboard.error).message}</p>
          <button type="button" onClick={() => dashboard.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <Loaded data={dashboard.data} />
      )}
    </main>
  );
}
