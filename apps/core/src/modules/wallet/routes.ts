import { ASSETS, type Asset, PAGE_NO_MAX, PAGE_SIZE, PAGE_SIZE_MAX } from '@prism/domain';
import { Router } from 'express';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { type Reads, readsOf } from '../../db/replicas';
import { caller, requireAuth } from '../../http/auth';
import { ok } from '../../http/envelope';
import { field, parseInput } from '../../http/validate';
import type { Clock } from '../../platform/clock';
import type { Random } from '../../platform/random';
import { idempotencyKeyOf, runIdempotent } from '../idempotency';
import type { ExclusionGuard } from '../protection';
import { assertCurrency, loadWalletConfig, toWireConfig } from './config';
import { exchange, listRates } from './exchange';
import { findAssetRecords } from './records';

const coin = field.oneOf(ASSETS as unknown as [Asset, ...Asset[]]);
const configQuery = z.object({ currency: field.text(16) });
const exchangeBody = z.object({ fromCoin: coin, toCoin: coin, amount: field.money() });
const recordsQuery = z.object({
  pageNo: field.integer(1, PAGE_NO_MAX).optional(),
  pageSize: field.integer(1, PAGE_SIZE_MAX).optional(),
  type: z
    .string({ error: 'FIELD_INVALID' })
    .regex(/^[a-z_]{1,32}$/, { error: 'FIELD_INVALID' })
    .optional(),
  coin: coin.optional(),
});

export interface WalletRouteDeps {
  db: Database;
  /** Where the player's asset records are read (a caught-up replica, else db). */
  reads?: Reads;
  clock: Clock;
  random: Random;
  /** Buying a game coin feeds play: refused while the player is self-excluded (exchange.ts). */
  refuseExcluded: ExclusionGuard;
}

/** Configuration, exchange and asset records. Recharge and withdrawal have their own modules. */
export function walletRoutes({ db, clock, random, refuseExcluded, reads: given }: WalletRouteDeps): Router {
  const router = Router();
  const reads = readsOf(given, db);

  router.get('/app/chargeAndWithdrawConfig/getConfig', async (req, res) => {
    const { currency } = parseInput(configQuery, req.query);
    ok(res, toWireConfig(await loadWalletConfig(db, assertCurrency(currency))));
  });

  router.get('/app/user/account/exchangeRates', requireAuth, async (_req, res) => {
    ok(res, await listRates(db));
  });

  router.post('/app/user/account/exchange', requireAuth, async (req, res) => {
    const input = parseInput(exchangeBody, req.body);
    const { userId } = caller(req);
    const scope = { userId, key: idempotencyKeyOf(req), route: 'exchange', input };
    ok(res, await runIdempotent(db, clock, scope, (tx) => exchange(tx, { clock, random, refuseExcluded }, userId, input)));
  });

  router.get('/app/user/account/findUserAccountRecordPage', requireAuth, async (req, res) => {
    const query = parseInput(recordsQuery, req.query);
    const { userId } = caller(req);
    // Their bet, recharge, withdrawal or exchange just answered is in them (db/replicas.ts, read-your-writes).
    ok(
      res,
      await findAssetRecords(
        await reads.forUser(userId),
        userId,
        { type: query.type, coin: query.coin },
        query.pageNo ?? 1,
        query.pageSize ?? PAGE_SIZE,
      ),
    );
  });

  return router;
}
