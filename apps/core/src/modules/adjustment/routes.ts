import { ADJUSTMENT_STATUSES } from '@prism/domain';
import { Router } from 'express';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { permit } from '../../http/permit';
import { field, parseInput } from '../../http/validate';
import { actorOf } from '../audit';
import { type AdjustmentDeps, approveAdjustment, listAdjustments, rejectAdjustment, requestAdjustment } from './adjustment';

import { grantTurnoverWaiver } from './waiver';

const id = field.integer(1, 999_999_999);
const listQuery = z.object({ status: field.oneOf(ADJUSTMENT_STATUSES).optional(), limit: field.integer(1, 500).optional() });
// Coin, direction and reason are checked by the domain rule (fourEyes.ts), so every problem is named at once.
const requestBody = z.object({
  userId: id,
  coin: field.text(16),
  direction: field.text(16),
  amount: field.money(),
  reason: field.text(2000).optional(),
});
const reasonBody = z.object({ reason: field.optionalText(2000) });
const waiverBody = z.object({ coin: field.text(16), reason: field.optionalText(2000) });

/** Four-eyes balance adjustments and turnover waivers, under /admin (docs/money.md, "Operator corrections"). */
export function adjustmentAdminRoutes(deps: AdjustmentDeps): Router {
  const router = Router();
  router.get('/adjustments', permit('balances.adjust'), async (req, res) => {
    const query = parseInput(listQuery, req.query);
    ok(res, await listAdjustments(deps.db, query.status, query.limit ?? 100));
  });
  router.post('/adjustments', permit('balances.adjust'), async (req, res) => {
    const input = parseInput(requestBody, req.body);
    ok(res, await requestAdjustment(deps, { ...input, reason: input.reason ?? '' }, actorOf(req)), 'Updated Successfully');
  });
  router.post('/adjustments/:id/approve', permit('balances.adjust'), async (req, res) => {
    const params = parseInput(z.object({ id }), req.params);
    ok(res, await approveAdjustment(deps, params.id, actorOf(req)), 'Updated Successfully');
  });
  router.post('/adjustments/:id/reject', permit('balances.adjust'), async (req, res) => {
    const params = parseInput(z.object({ id }), req.params);
    const { reason } = parseInput(reasonBody, req.body);
    ok(res, await rejectAdjustment(deps, params.id, reason, actorOf(req)), 'Updated Successfully');
  });
  router.post('/users/:id/turnoverWaiver', permit('balances.adjust'), async (req, res) => {
    const params = parseInput(z.object({ id }), req.params);
    const input = parseInput(waiverBody, req.body);
    ok(res, await grantTurnoverWaiver(deps, { userId: params.id, ...input }, actorOf(req)), 'Updated Successfully');
  });
  return router;
}
