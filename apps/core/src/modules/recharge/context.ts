import type { Database } from '../../db/client';
import type { CoreDeps } from '../../deps';
import type { Clock } from '../../platform/clock';
import type { Logger } from '../../platform/logger';
import type { Random } from '../../platform/random';
import { publicUrlOf, type Services } from '../../services';
import type { Notifier } from '../notify';
import type { ProtectionService } from '../protection';
import { createGatewayRegistry, type GatewayRegistry } from './gateway';

/** What the money-in services need, picked once from the core dependencies. */
export interface RechargeContext {
  db: Database;
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
  /** Self-exclusion and deposit limits refuse recharges (DESIGN 10). */
  protection: ProtectionService;
}

export function rechargeContextOf(deps: CoreDeps, services: Services): RechargeContext {
  return {
    db: deps.db,
    clock: deps.clock,
    random: deps.random,
    logger: deps.logger,
    notifier: services.notifier,
    gateways: createGatewayRegistry(deps.secret, [], { sandbox: deps.config.PLAY_MONEY }),
    secret: deps.secret,
    publicUrl: publicUrlOf(deps.config),
    playMoney: deps.config.PLAY_MONEY,
    sandboxDeposits: deps.config.SANDBOX_DEPOSITS,
    protection: services.protection,
  };
}
