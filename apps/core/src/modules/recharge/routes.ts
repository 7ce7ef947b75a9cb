import {
  AppError,
  DEFAULT_USDT_NETWORK,
  isValidAddress,
  PAGE_NO_MAX,
  PAGE_SIZE,
  PAGE_SIZE_MAX,
  USDT_NETWORKS,
  type UsdtNetwork,
} from '@prism/domain';
import express, { Router } from 'express';
import { z } from 'zod';
import { readsOf } from '../../db/replicas';
import { caller, requireAuth } from '../../http/auth';
import { ok } from '../../http/envelope';
import { permit } from '../../http/permit';
import { field, parseInput } from '../../http/validate';
import { actorOf, recordAudit } from '../audit';
import { idempotencyKeyOf, runIdempotent } from '../idempotency';
import { depositWallets, rechargeAddress } from './addresses';
import { settleCallback } from './callback';
import { createSandboxWatcher, reportDeposit } from './chainWatcher';
import type { RechargeContext } from './context';
import { approveExceptionCredit, listExceptions, refundException, requestExceptionCredit } from './exceptions';
import { listDepositsForOperator, listOrdersForOperator, listRechargeTasks } from './lists';
import { createRechargeOrder, ensurePayment, listPayChannels, rechargeAmountList } from './orders';
import { payChannelRoutes } from './payChannels';
import { sandboxRoutes } from './sandboxRoutes';
import { EXCEPTION_STATUSES } from './schema';
import { simulateDepositRoutes } from './simulate';

const network = field.oneOf(USDT_NETWORKS as unknown as [UsdtNetwork, ...UsdtNetwork[]]);
const rechargeBody = z.object({ payChannelName: field.optionalText(64), amount: field.money() });
const getRechargeBody = z.object({ walletType: network.optional() });
const pageQuery = z.object({ pageNo: field.integer(1, PAGE_NO_MAX).optional(), pageSize: field.integer(1, PAGE_SIZE_MAX).optional() });

/**
 * Money in: pay channels, CASH recharge through gateways (sandbox built in),
 * the gateway callback, USDT deposit addresses and the user's recharge list.
 */
export function rechargeRoutes(context: RechargeContext): Router {
  const { db, clock } = context;
  const ownReads = readsOf(context.reads, db);
  const router = Router();

  router.post('/app/payChannel/list', async (_req, res) => {
    ok(res, await listPayChannels(context));
  });

  // Everything under /app/user needs a login (the user module guards the prefix); said here too, for the reader.
  router.post('/app/user/cashRecharge/amountList', requireAuth, async (_req, res) => {
    ok(res, await rechargeAmountList(db));
  });

  router.post('/app/user/cashRecharge/recharge', requireAuth, async (req, res) => {
    const input = parseInput(rechargeBody, req.body);
    const { userId } = caller(req);
    const scope = { userId, key: idempotencyKeyOf(req), route: 'cashRecharge', input };
    const zone = await context.protection.timeZone();
    const { orderNo } = await runIdempotent(db, clock, scope, (tx) => createRechargeOrder(tx, context, userId, input, zone));
    ok(res, await ensurePayment(context, userId, orderNo));
  });

  router.post('/app/user/recharge/getWallet', requireAuth, async (req, res) => {
    ok(res, await depositWallets(context, caller(req).userId));
  });

  router.post('/app/wallet/getRecharge', requireAuth, async (req, res) => {
    const { walletType = DEFAULT_USDT_NETWORK } = parseInput(getRechargeBody, req.body);
    ok(res, await rechargeAddress(context, caller(req).userId, walletType));
  });

  router.get('/app/user/rechargeTask/list', requireAuth, async (req, res) => {
    const { pageNo = 1, pageSize = PAGE_SIZE } = parseInput(pageQuery, req.query);
    const { userId } = caller(req);
    // Their recharge just made is in it, wherever it is read (db/replicas.ts, read-your-writes).
    ok(res, await listRechargeTasks(await ownReads.forUser(userId), userId, pageNo, pageSize));
  });

  // Gateways sign the exact bytes they send, so this route reads them raw (whatever the content type).
  router.post('/pay/callback/:gateway', express.raw({ type: () => true, limit: '64kb' }), async (req, res) => {
    const gateway = context.gateways.get(String(req.params.gateway));
    if (!gateway) throw new AppError('NOT_FOUND');
    const callback = Buffer.isBuffer(req.body) ? await gateway.verifyCallback(req.body, req.headers) : undefined;
    if (!callback) throw new AppError('GATEWAY_SIGNATURE_INVALID');
    ok(res, await settleCallback(context, gateway.name, callback));
  });

  // The sandbox's payment page plays a gateway: it exists only in play-money mode.
  if (context.playMoney) router.use(sandboxRoutes(context));
  if (context.sandboxDeposits) router.use(simulateDepositRoutes(context));
  return router;
}

const depositStatus = field.oneOf(['pending', 'credited', 'below_minimum', 'unknown_address']);
const orderStatus = field.oneOf(['pending', 'paid', 'failed', 'amount_mismatch', 'over_limit']);
const limit = field.integer(1, 500).optional();
const reportBody = z.object({
  network,
  address: field.text(256).trim().min(1, { error: 'ADDRESS_REQUIRED' }).max(128, { error: 'FIELD_INVALID' }),
  amount: field.money(),
  txHash: z
    .string({ error: 'FIELD_INVALID' })
    .regex(/^[A-Za-z0-9:_-]{1,128}$/, { error: 'FIELD_INVALID' })
    .optional(),
  confirmations: field.integer(0, 1_000_000),
});

/** Operator endpoints of money in, mounted under /admin: the sandbox chain watcher's input and the lists. */
export function rechargeAdminRoutes(context: RechargeContext): Router {
  const { db } = context;
  const watcher = createSandboxWatcher();
  watcher.start((report) => reportDeposit(db, context, report));
  const router = Router();

  router.post('/deposits/report', permit('deposits.manage'), async (req, res) => {
    const input = parseInput(reportBody, req.body);
    if (!isValidAddress(input.network, input.address)) throw new AppError('ADDRESS_INVALID');
    // A made-up transaction hash when the operator gives none: each such report is a new deposit.
    const txHash = input.txHash ?? Buffer.from(context.random.bytes(32)).toString('hex');
    const outcome = await watcher.report({ ...input, txHash });
    // The report itself is the watcher's (it commits on its own, as a chain watcher's would); the row says who reported what.
    await recordAudit(db, context.clock, actorOf(req), {
      action: 'deposit.report',
      target: { type: 'deposit', id: outcome.deposit.id },
      after: {
        status: outcome.deposit.status,
        amount: outcome.deposit.amount,
        confirmations: outcome.deposit.confirmations,
        credited: outcome.credited,
      },
    });
    ok(res, outcome);
  });

  router.get('/deposits', permit('deposits.manage'), async (req, res) => {
    const query = parseInput(z.object({ status: depositStatus.optional(), limit }), req.query);
    ok(res, await listDepositsForOperator(db, query.status, query.limit ?? 50));
  });

  router.get('/recharge/orders', permit('deposits.manage'), async (req, res) => {
    const query = parseInput(z.object({ status: orderStatus.optional(), limit }), req.query);
    ok(res, await listOrdersForOperator(db, query.status, query.limit ?? 50));
  });

  router.use(exceptionRoutes(context));
  router.use(payChannelRoutes(context));

  return router;
}

const exceptionId = z.object({ id: field.integer(1, 999_999_999) });
const exceptionReason = z.object({ reason: field.optionalText(2000) });

/** Money exceptions (deposits below the minimum, mismatched orders): refund, or credit with a second approver. */
function exceptionRoutes(context: RechargeContext): Router {
  const router = Router();
  router.get('/exceptions', permit('deposits.manage'), async (req, res) => {
    const query = parseInput(z.object({ status: field.oneOf(EXCEPTION_STATUSES).optional(), limit }), req.query);
    ok(res, await listExceptions(context.db, query.status, query.limit ?? 100));
  });
  router.post('/exceptions/:id/refund', permit('deposits.manage'), async (req, res) => {
    const { id } = parseInput(exceptionId, req.params);
    const { reason } = parseInput(exceptionReason, req.body);
    ok(res, await refundException(context, id, reason, actorOf(req)), 'Updated Successfully');
  });
  router.post('/exceptions/:id/credit', permit('deposits.manage'), async (req, res) => {
    const { id } = parseInput(exceptionId, req.params);
    const { reason } = parseInput(exceptionReason, req.body);
    ok(res, await requestExceptionCredit(context, id, reason, actorOf(req)), 'Updated Successfully');
  });
  router.post('/exceptions/:id/approve', permit('deposits.manage'), async (req, res) => {
    const { id } = parseInput(exceptionId, req.params);
    ok(res, await approveExceptionCredit(context, id, actorOf(req)), 'Updated Successfully');
  });
  return router;
}
