import { Router } from 'express';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { ok } from '../../http/envelope';
import { permit } from '../../http/permit';
import { field, parseInput } from '../../http/validate';
import type { Clock } from '../../platform/clock';
import { actorOf } from '../audit';
import { dashboard } from './dashboard';
import { type RunLedgerCheck, runAndRecordLedgerCheck } from './ledgerChecks';

export interface DashboardRouteDeps {
  db: Database;
  clock: Clock;
  /** The whole ledger check (the composition root's: ledger invariants and the game's stranded bets). */
  checkLedger: RunLedgerCheck;
}

const dashboardQuery = z.object({ days: field.integer(1, 90).optional() });

/** GET dashboard (dashboard.read) and POST ledger/check/run (ledger.check), under /core/admin. */
export function dashboardRoutes({ db, clock, checkLedger }: DashboardRouteDeps): Router {
  const router = Router();
  router.get('/dashboard', permit('dashboard.read'), async (req, res) => {
    const { days } = parseInput(dashboardQuery, req.query);
    ok(res, await dashboard(db, clock, days ?? 30));
  });
  router.post('/ledger/check/run', permit('ledger.check'), async (req, res) => {
    ok(res, await runAndRecordLedgerCheck(db, clock, checkLedger, actorOf(req)));
  });
  return router;
}
