import { Router } from 'express';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { type Reads, type ReplicaStatus, readsOf } from '../../db/replicas';
import { ok } from '../../http/envelope';
import { permit } from '../../http/permit';
import { field, parseInput } from '../../http/validate';
import type { Clock } from '../../platform/clock';
import { actorOf } from '../audit';
import { dashboard } from './dashboard';
import { type RunLedgerCheck, runAndRecordLedgerCheck } from './ledgerChecks';

export interface DashboardRouteDeps {
  db: Database;
  /** Where the dashboard is read (a replica: its figures are aggregates, a few seconds late at most). */
  reads?: Reads;
  /** The read replicas' health and lag, shown to the operator. */
  replicas?: () => readonly ReplicaStatus[];
  clock: Clock;
  /** The whole ledger check (the composition root's: ledger invariants and the game's stranded bets). */
  checkLedger: RunLedgerCheck;
}

const dashboardQuery = z.object({ days: field.integer(1, 90).optional() });

/** GET dashboard (dashboard.read) and POST ledger/check/run (ledger.check), under /core/admin. */
export function dashboardRoutes({ db, clock, checkLedger, reads: given, replicas }: DashboardRouteDeps): Router {
  const router = Router();
  const reads = readsOf(given, db);
  router.get('/dashboard', permit('dashboard.read'), async (req, res) => {
    const { days } = parseInput(dashboardQuery, req.query);
    const view = await dashboard(reads.lagTolerant(), clock, days ?? 30);
    const replicaList = replicas?.() ?? [];
    ok(res, replicaList.length === 0 ? view : { ...view, replicas: replicaList });
  });
  router.post('/ledger/check/run', permit('ledger.check'), async (req, res) => {
    ok(res, await runAndRecordLedgerCheck(db, clock, checkLedger, actorOf(req)));
  });
  return router;
}
