import { AppError, ASSETS, type Asset, assertFreshForm, PAGE_SIZE } from '@prism/domain';
import { Router } from 'express';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { caller, requireAuth } from '../../http/auth';
import { ok } from '../../http/envelope';
import { permit } from '../../http/permit';
import { field, parseInput } from '../../http/validate';
import type { Clock } from '../../platform/clock';
import { actorOf, recordAudit } from '../audit';
import { asBool, flag, noInput, openingInput as orderBody, pageQuery, percentToBp } from '../holding';
import { idempotencyKeyOf, runIdempotent } from '../idempotency';
import type { FollowInvestService } from './service';

/** /app/followInvest: the advisors' products, the quote before an order, ordering, my orders (ours, in the specification's style). */
export function followInvestRoutes({ db, clock, followInvest }: { db: Database; clock: Clock; followInvest: FollowInvestService }): Router {
  const router = Router();
  router.use('/app/followInvest', requireAuth);

  router.get('/app/followInvest/productList', async (req, res) => {
    parseInput(noInput, req.query);
    ok(res, await followInvest.products());
  });

  router.get('/app/followInvest/quote', async (req, res) => {
    const input = parseInput(orderBody, req.query);
    ok(res, await followInvest.quote(input.productId, input.amount));
  });

  router.post('/app/followInvest/buy', async (req, res) => {
    const input = parseInput(orderBody, req.body);
    const { userId } = caller(req);
    const scope = { userId, key: idempotencyKeyOf(req), route: 'followInvest.buy', input };
    const zone = await followInvest.timeZone();
    ok(res, await runIdempotent(db, clock, scope, (tx) => followInvest.buy(tx, userId, input, zone)), 'Purchase Successful');
  });

  router.get('/app/followInvest/orderPage', async (req, res) => {
    const { pageNo = 1, pageSize = PAGE_SIZE } = parseInput(pageQuery, req.query);
    ok(res, await followInvest.orders(caller(req).userId, pageNo, pageSize));
  });

  return router;
}

const productBody = z.object({
  id: field.integer(1, 999_999_999).optional(),
  advisorName: field.optionalText(64),
  avatarUrl: field.optionalText(512),
  coin: field.oneOf(ASSETS as unknown as [Asset, ...Asset[]]).optional(),
  price: field.money().optional(),
  days: field.integer(1, 3650).optional(),
  dailyRate: field.text(12).optional(),
  giftRate: field.text(12).optional(),
  enabled: flag,
  /** An ISO time, or "none" to clear the end. */
  availableUntil: field.text(40).optional(),
  sort: field.integer(0, 1_000_000).optional(),
  /** The product's updatedAt as the console's form read it; absent: overwrite (the CLI). */
  expectedUpdatedAt: field.optionalText(40),
});

function untilOf(text: string | undefined): Date | null | undefined {
  if (text === undefined) return undefined;
  if (text === 'none') return null;
  const date = new Date(text);
  const year = date.getUTCFullYear();
  if (!/^\d{4}-\d{2}-\d{2}/.test(text) || Number.isNaN(date.getTime()) || year < 2000 || year > 2999)
    throw AppError.invalid({ availableUntil: 'FIELD_INVALID' });
  return date;
}

/** /admin/followInvest/products: the operator's follow-invest products (`npm run ops -- invest advisor ...`). */
export function followInvestAdminRoutes({
  followInvest,
  db,
  clock,
}: {
  followInvest: FollowInvestService;
  db: Database;
  clock: Clock;
}): Router {
  const router = Router();
  router.get('/followInvest/products', permit('games.manage'), async (_req, res) => {
    ok(res, await followInvest.adminList());
  });
  router.post('/followInvest/products', permit('games.manage'), async (req, res) => {
    const input = parseInput(productBody, req.body);
    const find = async (id: number | undefined) => (await followInvest.adminList()).find((row) => row.id === id);
    const before = input.id === undefined ? undefined : await find(input.id);
    if (input.id !== undefined) assertFreshForm(input.expectedUpdatedAt, before?.updatedAt);
    const saved = await followInvest.adminSet({
      id: input.id,
      advisorName: input.advisorName,
      avatarUrl: input.avatarUrl,
      coin: input.coin,
      price: input.price,
      days: input.days,
      dailyRateBp: percentToBp(input.dailyRate, 'dailyRate', 10_000),
      giftRateBp: percentToBp(input.giftRate, 'giftRate', 10_000),
      enabled: asBool(input.enabled),
      availableUntil: untilOf(input.availableUntil),
      sort: input.sort,
    });
    // The service writes on its own connection, so the audit row follows the change in the same request.
    const after = await find(saved.id);
    const action = before ? 'followInvestProduct.update' : 'followInvestProduct.create';
    await recordAudit(db, clock, actorOf(req), { action, target: { type: 'followInvestProduct', id: saved.id }, before, after });
    ok(res, saved);
  });
  return router;
}
