/** The withdraw module's public door: other modules and the composition root import only this file. */

export { pendingWithdrawalAges, pendingWithdrawalSummary, withdrawalDetail, withdrawalPayout, withdrawDetailRoutes } from './adminDetail';
export { walletBindings } from './destinations';
export { withdrawnBetween } from './facts';
export { withdrawFiguresScalar } from './figures';
export { pendingWithdrawalsByUser } from './inFlight';
export { erasePayoutDetails, exportPayoutDestinations, exportWithdrawals, pendingWithdrawalCount } from './myData';
export { withdrawAdminRoutes, withdrawRoutes } from './routes';
export type { WithdrawService } from './service';
export { createWithdrawService } from './service';
