/** The recharge module's public door: other modules and the composition root import only this file. */

export { firstCreditedRecharges, isPlatformDepositAddress } from './facts';
export { type CashSums, cashCreditedSince, cashRechargedSince, type LimitWindowStarts } from './limitSums';
export { rechargeAdminRoutes, rechargeRoutes } from './routes';
