/** The recharge module's public door: other modules and the composition root import only this file. */

export type { RechargeContext } from './context';
export { createRechargeContext } from './context';
export { firstCreditedRecharges, isPlatformDepositAddress } from './facts';
export { type CashSums, cashCreditedSince, cashRechargedSince, type LimitWindowStarts } from './limitSums';
export { exportRecharges, pendingRechargeCount, RECHARGE_IN_FLIGHT_MS } from './myData';
export { rechargeAdminRoutes, rechargeRoutes } from './routes';
export { seedPayChannels } from './seed';
