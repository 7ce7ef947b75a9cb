import type { Database } from '../../db/client';
import type { Reads } from '../../db/replicas';
import type { Clock } from '../../platform/clock';
import type { Logger } from '../../platform/logger';
import type { Random } from '../../platform/random';
import type { Notifier } from '../notify';
import type { ProtectionService } from '../protection';
import { createGatewayRegistry, type GatewayRegistry } from './gateway';
import {
  type ChainRefunder,
  createSandboxChainRefunder,
  createUnconfiguredChainRefunder,
  type GatewayRefund,
  recordSandboxRefund,
} from './refunds';

/** What the money-in services need, picked once from the core dependencies. */
export interface RechargeContext {
  db: Database;
  /** Where a player's own recharge list is read (a caught-up replica, else db). */
  reads?: Reads;
  clock: Clock;
  random: Random;
  logger: Logger;
  notifier: Notifier;
  gateways: GatewayRegistry;
  /** The server secret: signs sandbox callbacks and derives sandbox deposit addresses. */
  secret: string;
  /** PUBLIC_URL without a trailing slash: gateways get callback and return URLs under it. */
  publicUrl: string;
  /** Play money (PLAY_MONEY): the sandbox CASH gateway and its payment page exist. */
  playMoney: boolean;
  /** Play-money deposits: users may simulate a deposit to their own address (SANDBOX_DEPOSITS). */
  sandboxDeposits: boolean;
  /** Self-exclusion and deposit limits refuse recharges (docs/protection.md). */
  protection: ProtectionService;
  /** Pays back deposits below the minimum (money exceptions): the sandbox's in play money. */
  chainRefunds: ChainRefunder;
}

/** The context from what the composition root hands in; the gateways are built here (the sandbox in play money only). */
export function createRechargeContext(needs: Omit<RechargeContext, 'gateways' | 'chainRefunds'>): RechargeContext {
  const { db, clock } = needs;
  const refunds = (request: GatewayRefund) => recordSandboxRefund(db, clock, 'gateway:sandbox', request, { orderNo: request.orderNo });
  return {
    ...needs,
    gateways: createGatewayRegistry(needs.secret, [], { sandbox: needs.playMoney, refunds }),
    chainRefunds: needs.playMoney ? createSandboxChainRefunder(db, clock) : createUnconfiguredChainRefunder(),
  };
}
