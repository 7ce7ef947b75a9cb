import { type Column, DataTable } from '../../../components/DataTable';
import type { Dashboard, JobStatus } from '../api';
import { ago } from '../format';

const JOB_NAMES: Record<string, string> = {
  earnings: 'Daily earnings job',
  rebates: 'Team rebate job',
  dashboard: 'Dashboard aggregates',
};

const jobColumns = (now: Date): Column<JobStatus>[] => [
  { id: 'name', header: 'Job', cell: (j) => JOB_NAMES[j.name] ?? j.name },
  { id: 'status', header: 'Status', cell: (j) => <span className={j.status === 'ok' ? 'admin-ok' : 'admin-error'}>{j.status}</span> },
  { id: 'last', header: 'Last run', cell: (j) => (j.lastRunAt ? `${ago(j.lastRunAt, now)} (${j.day ?? ''})` : 'never') },
];

type Panel = Pick<Dashboard, 'pendingWithdrawals' | 'jobs' | 'botBacklog' | 'players' | 'replicas'>;
type Replica = NonNullable<Dashboard['replicas']>[number];

const replicaColumns: Column<Replica>[] = [
  { id: 'name', header: 'Replica', cell: (r) => r.name },
  {
    id: 'status',
    header: 'Status',
    cell: (r) => <span className={r.healthy ? 'admin-ok' : 'admin-error'}>{r.healthy ? 'serving reads' : 'skipped'}</span>,
  },
  { id: 'lag', header: 'Lag', cell: (r) => (r.lagMs === null ? 'unknown' : `${r.lagMs} ms`), numeric: true },
  { id: 'bytes', header: 'Behind (bytes)', cell: (r) => r.lagBytes ?? 'unknown', numeric: true },
];

/** Pending withdrawals by age, the jobs, the bot's delivery backlog and the players. */
export function OperationsPanel({ data, now }: { data: Panel; now: Date }) {
  const { pendingWithdrawals, botBacklog, players } = data;
  return (
    <div className="admin-grid">
      <section aria-labelledby="dash-pending">
        <h2 id="dash-pending">Pending withdrawals</h2>
        <p>
          <strong>{pendingWithdrawals.count}</strong> waiting
          {pendingWithdrawals.oldestAt ? `, the oldest ${ago(pendingWithdrawals.oldestAt, now)}` : ''}
        </p>
        <DataTable
          caption="Pending withdrawals by age"
          columns={[
            { id: 'bucket', header: 'Waiting', cell: (b) => b.bucket },
            { id: 'count', header: 'Withdrawals', cell: (b) => b.count, numeric: true },
          ]}
          rows={pendingWithdrawals.byAge}
          rowKey={(b) => b.bucket}
          empty="None"
        />
      </section>
      <section aria-labelledby="dash-players">
        <h2 id="dash-players">Players</h2>
        <dl className="admin-stats">
          <dt>Active (bet) last 24 h</dt>
          <dd>{players.active1d}</dd>
          <dt>Active last 30 days</dt>
          <dd>{players.active30d}</dd>
          <dt>New last 24 h</dt>
          <dd>{players.new1d}</dd>
          <dt>New last 30 days</dt>
          <dd>{players.new30d}</dd>
        </dl>
        <h2>Bot delivery backlog</h2>
        <p>
          <strong>{botBacklog.pending}</strong> messages waiting to be sent, {botBacklog.failed} of them after a failed attempt
        </p>
      </section>
      <section aria-labelledby="dash-jobs">
        <h2 id="dash-jobs">Jobs</h2>
        <DataTable caption="Background jobs" columns={jobColumns(now)} rows={data.jobs} rowKey={(j) => j.name} empty="No jobs" />
      </section>
      {data.replicas && data.replicas.length > 0 ? (
        <section aria-labelledby="dash-replicas">
          <h2 id="dash-replicas">Read replicas</h2>
          <DataTable
            caption="Read replicas (a skipped one's reads go to the primary)"
            columns={replicaColumns}
            rows={data.replicas}
            rowKey={(r) => r.name}
            empty="None"
          />
        </section>
      ) : null}
    </div>
  );
}
