import { desc } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { type AuditActor, recordAudit } from '../audit';
import type { LedgerCheckReport } from '../ledger';
import { dashboardLedgerChecks } from './schema';

/** The ledger check as the composition root runs it (the ledger's invariants and the game's stranded bets). */
export type RunLedgerCheck = (db: Executor) => Promise<LedgerCheckReport>;

export interface LedgerCheckRecord {
  at: string;
  ok: boolean;
  summary: Record<string, unknown>;
  operator: string;
  durationMs: number;
}

/** What the dashboard keeps of a report: the figures an operator reads first, not every mismatch. */
function summaryOf(report: LedgerCheckReport): Record<string, unknown> {
  return {
    accounts: report.accounts,
    transfers: report.transfers,
    sums: report.sums,
    mismatches: report.mismatches.length,
    negativeUsers: report.negativeUsers.length,
    pendingBets: report.pendingBets.length,
    systemAccounts: report.systemAccounts,
  };
}

/** Runs the ledger check now and records its result (with an audit row 'ledger.check'); answers the record and the full report. */
export async function runAndRecordLedgerCheck(db: Database, clock: Clock, check: RunLedgerCheck, actor: AuditActor) {
  const started = Date.now();
  const report = await check(db);
  const durationMs = Date.now() - started;
  const at = clock.now();
  const summary = summaryOf(report);
  await db.transaction(async (tx) => {
    await tx.insert(dashboardLedgerChecks).values({ at, ok: report.ok, summary, operatorLogin: actor.operator.login, durationMs });
    await recordAudit(tx, clock, actor, { action: 'ledger.check', after: { ok: report.ok, ...summary } });
  });
  const record: LedgerCheckRecord = { at: at.toISOString(), ok: report.ok, summary, operator: actor.operator.login, durationMs };
  return { check: record, report };
}

/** The last recorded ledger check, or null before the first. */
export async function lastLedgerCheck(db: Executor): Promise<LedgerCheckRecord | null> {
  const [row] = await db
    .select()
    .from(dashboardLedgerChecks)
    .orderBy(desc(dashboardLedgerChecks.at), desc(dashboardLedgerChecks.id))
    .limit(1);
  if (!row) return null;
  return {
    at: row.at.toISOString(),
    ok: row.ok,
    summary: row.summary as Record<string, unknown>,
    operator: row.operatorLogin,
    durationMs: row.durationMs,
  };
}
