import {
  AppError,
  type ChainDeposit,
  DEFAULT_USDT_NETWORK,
  DEPOSIT_CONFIRMATIONS,
  type Money,
  USDT_NETWORKS,
  type UsdtNetwork,
} from '@prism/domain';
import { Router } from 'express';
import { z } from 'zod';
import { caller, requireAuth } from '../../http/auth';
import { ok } from '../../http/envelope';
import { field, parseInput } from '../../http/validate';
import { sha256Hex } from '../../platform/hash';
import { idempotencyKeyOf, runSelfIdempotent } from '../idempotency';
import { loadWalletConfig } from '../wallet';
import { rechargeAddress } from './addresses';
import { createSandboxWatcher, reportDeposit, type SandboxWatcher } from './chainWatcher';
import type { RechargeContext } from './context';

const simulateBody = z.object({
  walletType: field.oneOf(USDT_NETWORKS as unknown as [UsdtNetwork, ...UsdtNetwork[]]).optional(),
  amount: field.money(),
});

/**
 * Play-money mode only (mounted when SANDBOX_DEPOSITS is on, so elsewhere the
 * path is an ordinary 404): "Simulate a deposit" on the USDT recharge screen.
 * It plays the chain's part and nothing more: the sandbox chain watcher
 * reports a transfer to the caller's own deposit address, first seen with one
 * confirmation and then confirmed, and `reportDeposit` credits it as it would
 * any deposit (minimum, ledger, turnover, messages).
 */
export function simulateDepositRoutes(context: RechargeContext): Router {
  const watcher = createSandboxWatcher();
  watcher.start((report) => reportDeposit(context.db, context, report));
  const router = Router();
  router.post('/app/user/recharge/simulateDeposit', requireAuth, async (req, res) => {
    const input = parseInput(simulateBody, req.body);
    const { userId } = caller(req);
    const network = input.walletType ?? DEFAULT_USDT_NETWORK;
    const key = idempotencyKeyOf(req);
    // The key names the chain transaction (a retry is credited once) and, through the store, the
    // request: the same key with another amount or network is a conflict, not the first deposit again.
    const scope = { userId, key, route: 'recharge.simulateDeposit', input: { network, amount: input.amount } };
    const simulation = { userId, network, amount: input.amount, key };
    ok(res, await runSelfIdempotent(context.db, context.clock, scope, () => simulateDeposit(context, watcher, simulation)));
  });
  return router;
}

interface Simulation {
  userId: number;
  network: UsdtNetwork;
  amount: Money;
  /** The request's Idempotency-Key: a retry names the same transaction, which is credited once. */
  key: string | undefined;
}

export async function simulateDeposit(context: RechargeContext, watcher: SandboxWatcher, simulation: Simulation): Promise<ChainDeposit> {
  const { userId, network, amount } = simulation;
  // Self-exclusion refuses the demo's deposit; a real chain deposit that arrives anyway is still credited.
  await context.protection.checkExcluded(userId);
  const { address } = await rechargeAddress(context, userId, network);
  // Within what a recharge may be, so the demo cannot mint more than the real flow would accept.
  if (amount > (await loadWalletConfig(context.db, 'USDT')).chargeMaxLimit) throw new AppError('RECHARGE_ABOVE_MAX');
  const seed = simulation.key ? `${userId}:${simulation.key}` : Buffer.from(context.random.bytes(32)).toString('hex');
  const hash = sha256Hex(`simulated-deposit:${seed}`);
  const txHash = network === 'BEP20' || network === 'ERC20' ? `0x${hash}` : hash;
  await watcher.report({ network, txHash, address, amount, confirmations: 1 });
  const confirmed = await watcher.report({ network, txHash, address, amount, confirmations: DEPOSIT_CONFIRMATIONS });
  return confirmed.deposit;
}
