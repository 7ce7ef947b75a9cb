import { desc, sql } from 'drizzle-orm';
import { type Database, type Executor, queryRows } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { type AuditActor, recordAudit } from '../audit';
import { type LedgerCheckReport, transferTotalsUpTo } from '../ledger';
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

/**
 * Whether the dashboard's sums still add up to the ledger up to their watermark (count and amount
 * of every transfer): a transfer missed or counted twice shows here, at the next check.
 */
async function aggregatesAgree(db: Executor) {
  const [row] = await queryRows<{ counted: string; summed: string; transfers: string; amount: string }>(
    db,
    sql`with mark as (select coalesce((select last_transfer_id from dashboard_watermark where id = 1), 0) as w)
        select (select coalesce(sum(transfers), 0) from dashboard_daily where kind <> '~house')::text as counted,
               (select coalesce(sum(amount), 0) from dashboard_daily where kind <> '~house')::text as summed,
               l.transfers::text as transfers, l.amount::text as amount
          from (${transferTotalsUpTo(sql`(select w from mark)`)}) l`,
  );
  const ok = row?.counted === row?.transfers && row?.summed === row?.amount;
  return { ok, transfers: row?.transfers ?? '0', counted: row?.counted ?? '0' };
}

/** Runs the ledger check now and records its result (with an audit row 'ledger.check'); answers the record and the full report. */
export async function runAndRecordLedgerCheck(db: Database, clock: Clock, check: RunLedgerCheck, actor: AuditActor) {
  const started = Date.now();
  const report = await check(db);
  const aggregates = await aggregatesAgree(db);
  const durationMs = Date.now() - started;
  const at = clock.now();
  const summary = { ...summaryOf(report), aggregates };
  const ok = report.ok && aggregates.ok;
  await db.transaction(async (tx) => {
    await tx.insert(dashboardLedgerChecks).values({ at, ok, summary, operatorLogin: actor.operator.login, durationMs });
    await recordAudit(tx, clock, actor, { action: 'ledger.check', after: { ok, ...summary } });
  });
  const record: LedgerCheckRecord = { at: at.toISOString(), ok, summary, operator: actor.operator.login, durationMs };
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
