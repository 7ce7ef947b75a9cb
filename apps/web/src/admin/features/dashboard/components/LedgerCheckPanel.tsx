import { ApiError } from '@prism/client';
import { useCan } from '../../../lib/session';
import type { LedgerCheck } from '../api';
import { useRunLedgerCheck } from '../api';

/** Why the run failed, in words an operator can act on (403: this role may not run it). */
function runError(error: unknown): string {
  if (error instanceof ApiError && error.code === 403) return 'Your role may not run the ledger check. Ask an owner or finance.';
  return error instanceof Error ? error.message : String(error);
}

/** The last ledger check (when, by whom, the result) and a button to run it now. */
export function LedgerCheckPanel({ check }: { check: LedgerCheck | null }) {
  const run = useRunLedgerCheck();
  const canRun = useCan()('ledger.check');
  return (
    <section aria-labelledby="dash-ledger">
      <h2 id="dash-ledger">Ledger check</h2>
      {check ? (
        <p>
          <span className={check.ok ? 'admin-ok' : 'admin-error'}>{check.ok ? 'Balanced' : 'Problems found'}</span> at{' '}
          <time dateTime={check.at}>{new Date(check.at).toLocaleString('en-GB', { timeZone: 'UTC' })} UTC</time> by {check.operator} (
          {String(check.summary.transfers ?? '?')} transfers, {String(check.summary.mismatches ?? 0)} mismatched accounts,{' '}
          {String(check.summary.negativeUsers ?? 0)} negative users, {String(check.summary.pendingBets ?? 0)} stranded bets)
        </p>
      ) : (
        <p className="admin-muted">No ledger check has been run from the console yet.</p>
      )}
      {canRun ? (
        <button type="button" onClick={() => run.mutate()} disabled={run.isPending}>
          {run.isPending ? 'Checking…' : 'Run ledger check'}
        </button>
      ) : null}
      {run.isError ? (
        <p role="alert" className="admin-error">
          {runError(run.error)}
        </p>
      ) : null}
    </section>
  );
}
