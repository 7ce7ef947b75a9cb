/** The adjustment module's public door: four-eyes balance adjustments and turnover waivers. */

export type { AdjustmentDeps, AdjustmentInput } from './adjustment';
export { approveAdjustment, listAdjustments, rejectAdjustment, requestAdjustment } from './adjustment';
export { checkAdjustments } from './check';
export { adjustmentAdminRoutes } from './routes';
export { grantTurnoverWaiver } from './waiver';
