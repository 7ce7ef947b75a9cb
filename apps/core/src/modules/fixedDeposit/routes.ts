import { ASSETS, type Asset, assertFreshForm, PAGE_SIZE } from '@prism/domain';
import { Router } from 'express';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { caller, requireAuth } from '../../http/auth';
import { ok } from '../../http/envelope';
import { permit } from '../../http/permit';
import { field, parseInput } from '../../http/validate';
import type { Clock } from '../../platform/clock';
import { actorOf, recordAudit } from '../audit';
import { asBool, openingInput as depositBody, flag, noInput, pageQuery, percentToBp } from '../holding';
import { idempotencyKeyOf, runIdempotent } from '../idempotency';
import type { FixedDepositService } from './service';

/** The specification's "Fixed-deposit transfer requires an amount" when the amount is missing or empty. */
const transferAmount = z
  .string({ error: 'AMOUNT_FORMAT' })
  .optional()
  .refine((value) => value !== undefined && value.trim() !== '', { error: 'TRANSFER_AMOUNT_REQUIRED', abort: true })
  .pipe(field.money());
const transferOutBody = z.object({ id: field.integer(1, 999_999_999), amount: transferAmount });

/** /app/fixedDeposit: terms, the quote before opening, opening, my deposits, transfer-out (ours, in the specification's style). */
export function fixedDepositRoutes({ db, clock, fixedDeposit }: { db: Database; clock: Clock; fixedDeposit: FixedDepositService }): Router {
  const router = Router();
  router.use('/app/fixedDeposit', requireAuth);

  router.get('/app/fixedDeposit/config/get', async (req, res) => {
    parseInput(noInput, req.query);
    ok(res, await fixedDeposit.config());
  });

  router.get('/app/fixedDeposit/quote', async (req, res) => {
    const input = parseInput(depositBody, req.query);
    ok(res, await fixedDeposit.quote(input.productId, input.amount));
  });

  router.get('/app/fixedDeposit/list', async (req, res) => {
    const { pageNo = 1, pageSize = PAGE_SIZE } = parseInput(pageQuery, req.query);
    ok(res, await fixedDeposit.list(caller(req).userId, pageNo, pageSize));
  });

  router.post('/app/fixedDeposit/deposit', async (req, res) => {
    const input = parseInput(depositBody, req.body);
    const { userId } = caller(req);
    const scope = { userId, key: idempotencyKeyOf(req), route: 'fixedDeposit.deposit', input };
    const zone = await fixedDeposit.timeZone();
    ok(res, await runIdempotent(db, clock, scope, (tx) => fixedDeposit.deposit(tx, userId, input, zone)));
  });

  router.post('/app/fixedDeposit/transferOut', async (req, res) => {
    const input = parseInput(transferOutBody, req.body);
    const { userId } = caller(req);
    const scope = { userId, key: idempotencyKeyOf(req), route: 'fixedDeposit.transferOut', input };
    ok(res, await runIdempotent(db, clock, scope, (tx) => fixedDeposit.transferOut(tx, userId, input)));
  });

  return router;
}

const productBody = z.object({
  id: field.integer(1, 999_999_999).optional(),
  name: field.optionalText(32),
  coin: field.oneOf(ASSETS as unknown as [Asset, ...Asset[]]).optional(),
  days: field.integer(1, 3650).optional(),
  annualRate: field.text(12).optional(),
  minAmount: field.money().optional(),
  enabled: flag,
  sort: field.integer(0, 1_000_000).optional(),
  /** The product's updatedAt as the console's form read it; absent: overwrite (the CLI). */
  expectedUpdatedAt: field.optionalText(40),
});

/** /admin/fixedDeposit/products: the operator's deposit terms (`npm run ops -- invest deposit ...`). */
export function fixedDepositAdminRoutes({
  fixedDeposit,
  db,
  clock,
}: {
  fixedDeposit: FixedDepositService;
  db: Database;
  clock: Clock;
}): Router {
  const router = Router();
  router.get('/fixedDeposit/products', permit('games.manage'), async (_req, res) => {
    ok(res, await fixedDeposit.adminList());
  });
  router.post('/fixedDeposit/products', permit('games.manage'), async (req, res) => {
    const input = parseInput(productBody, req.body);
    const find = async (id: number | undefined) => (await fixedDeposit.adminList()).find((row) => row.id === id);
    const before = input.id === undefined ? undefined : await find(input.id);
    if (input.id !== undefined) assertFreshForm(input.expectedUpdatedAt, before?.updatedAt);
    const saved = await fixedDeposit.adminSet({
      id: input.id,
      name: input.name,
      coin: input.coin,
      days: input.days,
      annualRateBp: percentToBp(input.annualRate, 'annualRate', 100_000),
      minAmount: input.minAmount,
      enabled: asBool(input.enabled),
      sort: input.sort,
    });
    // The service writes on its own connection, so the audit row follows the change in the same request.
    const after = await find(saved.id);
    const action = before ? 'fixedDepositProduct.update' : 'fixedDepositProduct.create';
    await recordAudit(db, clock, actorOf(req), { action, target: { type: 'fixedDepositProduct', id: saved.id }, before, after });
    ok(res, saved);
  });
  return router;
}
