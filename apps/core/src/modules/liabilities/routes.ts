import { PAGE_NO_MAX, PAGE_SIZE, PAGE_SIZE_MAX } from '@prism/domain';
import { Router } from 'express';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { caller, requireAuth } from '../../http/auth';
import { ok } from '../../http/envelope';
import { permit } from '../../http/permit';
import { field, parseInput } from '../../http/validate';
import type { Clock } from '../../platform/clock';
import { actorOf, recordAudit } from '../audit';
import type { LiabilitiesService } from './service';

const pageQuery = z.object({ pageNo: field.integer(1, PAGE_NO_MAX).optional(), pageSize: field.integer(1, PAGE_SIZE_MAX).optional() });
const proofQuery = z.object({ snapshotId: field.integer(1, Number.MAX_SAFE_INTEGER).optional() });
const noInput = z.object({}).strip();

/**
 * /app/public/liabilities (no login: what the platform owes, the newest snapshot, cached per snapshot)
 * and its history; /app/user/liabilities/proof (the caller's own proof of inclusion).
 */
export function liabilitiesRoutes({ liabilities }: { liabilities: LiabilitiesService }): Router {
  const router = Router();
  router.get('/app/public/liabilities', async (req, res) => {
    parseInput(noInput, req.query);
    ok(res, await liabilities.latest());
  });
  router.get('/app/public/liabilities/history', async (req, res) => {
    const { pageNo = 1, pageSize = PAGE_SIZE } = parseInput(pageQuery, req.query);
    ok(res, await liabilities.history(pageNo, pageSize));
  });
  router.get('/app/user/liabilities/proof', requireAuth, async (req, res) => {
    const { snapshotId } = parseInput(proofQuery, req.query);
    ok(res, await liabilities.myProof(caller(req).userId, snapshotId));
  });
  return router;
}

interface AdminDeps {
  db: Database;
  clock: Clock;
  liabilities: LiabilitiesService;
}

/**
 * POST /core/admin/liabilities/snapshot (ledger.check): an extra snapshot now, for an operator (and
 * `npm run ops -- liabilities snapshot`), audited as `liabilities.snapshot`. The snapshot is its own
 * repeatable-read transaction, so the audit row follows it: it names the snapshot it took.
 */
export function liabilitiesAdminRoutes({ db, clock, liabilities }: AdminDeps): Router {
  const router = Router();
  router.post('/liabilities/snapshot', permit('ledger.check'), async (req, res) => {
    parseInput(noInput, req.body);
    const taken = await liabilities.takeNow();
    // An extra snapshot always stores (only a day's snapshot can already exist): null is defensive.
    if (taken) {
      const after = { players: taken.players, root: taken.root };
      await recordAudit(db, clock, actorOf(req), {
        action: 'liabilities.snapshot',
        target: { type: 'liabilitiesSnapshot', id: taken.id },
        after,
      });
    }
    ok(res, taken);
  });
  return router;
}
