import { ASSETS, type Asset, PAGE_NO_MAX, PAGE_SIZE, PAGE_SIZE_MAX } from '@prism/domain';
import { Router } from 'express';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { caller, requireAuth } from '../../http/auth';
import { ok } from '../../http/envelope';
import { permit } from '../../http/permit';
import { createRateLimiter } from '../../http/rateLimit';
import { field, parseInput } from '../../http/validate';
import type { Clock } from '../../platform/clock';
import { actorOf, recordAudit } from '../audit';
import { idempotencyKeyOf, runIdempotent } from '../idempotency';
import type { GiftCodeService } from './service';

const redeemBody = z.object({
  code: z.string({ error: 'FIELD_INVALID' }).min(1, { error: 'FIELD_INVALID' }).max(64, { error: 'FIELD_INVALID' }),
});
const codeParams = z.object({ code: field.text(64) });
const pageQuery = z.object({ pageNo: field.integer(1, PAGE_NO_MAX).optional(), pageSize: field.integer(1, PAGE_SIZE_MAX).optional() });

interface GiftCodeRouteDeps {
  db: Database;
  clock: Clock;
  giftCodes: GiftCodeService;
  perMinute: number;
}

/** /app/giftCode: redeem a code, see the redemption records. Limited per IP and per user. */
export function giftCodeRoutes({ db, clock, giftCodes, perMinute }: GiftCodeRouteDeps): Router {
  const router = Router();
  router.use('/app/giftCode', requireAuth);
  const perIp = createRateLimiter(perMinute);
  const perUser = createRateLimiter(perMinute, (req) => `user:${caller(req).userId}`);

  router.post('/app/giftCode/redeem', perIp, perUser, async (req, res) => {
    const input = parseInput(redeemBody, req.body);
    const { userId } = caller(req);
    const scope = { userId, key: idempotencyKeyOf(req), route: 'giftCode.redeem', input };
    ok(res, await runIdempotent(db, clock, scope, (tx) => giftCodes.redeem(tx, userId, input.code)));
  });

  router.get('/app/giftCode/records', async (req, res) => {
    const { pageNo = 1, pageSize = PAGE_SIZE } = parseInput(pageQuery, req.query);
    ok(res, await giftCodes.records(caller(req).userId, pageNo, pageSize));
  });

  return router;
}

const createBody = z.object({
  asset: field.oneOf(ASSETS as unknown as [Asset, ...Asset[]]),
  amount: field.money(),
  totalUses: field.integer(1, 1_000_000),
  days: field.integer(1, 3650),
  perUserOnce: field.oneOf(['true', 'false']).optional(),
  createdBy: field.optionalText(64),
});

/**
 * /admin/giftCodes: the operator creates and lists codes (`npm run ops -- giftcode`, or the bot's
 * /giftcode) and sees a code's redemptions. A creation has nothing to be stale against; its audit row
 * follows it in the same request (the service writes on its own connection).
 */
export function giftCodeAdminRoutes({ giftCodes, db, clock }: { giftCodes: GiftCodeService; db: Database; clock: Clock }): Router {
  const router = Router();
  router.post('/giftCodes', permit('games.manage'), async (req, res) => {
    const input = parseInput(createBody, req.body);
    const created = await giftCodes.create({
      asset: input.asset,
      amount: input.amount,
      totalUses: input.totalUses,
      days: input.days,
      perUserOnce: input.perUserOnce !== 'false',
      createdBy: input.createdBy ?? req.operator?.login ?? 'ops',
    });
    await recordAudit(db, clock, actorOf(req), { action: 'giftCode.create', target: { type: 'giftCode', id: created.id }, after: created });
    ok(res, created);
  });
  router.get('/giftCodes', permit('games.manage'), async (req, res) => {
    const { pageNo = 1, pageSize = PAGE_SIZE } = parseInput(pageQuery, req.query);
    ok(res, await giftCodes.list(pageNo, pageSize));
  });
  router.get('/giftCodes/:code/redemptions', permit('games.manage'), async (req, res) => {
    const { code } = parseInput(codeParams, req.params);
    const { pageNo = 1, pageSize = PAGE_SIZE } = parseInput(pageQuery, req.query);
    ok(res, await giftCodes.redemptions(code, pageNo, pageSize));
  });
  return router;
}
