/** The followInvest module's public door: other modules and the composition root import only this file. */

export { seedFollowInvestProducts } from './admin';
export { exportFollowInvestOrders, holdingFollowInvestCount } from './myData';
export { followInvestAdminRoutes, followInvestRoutes } from './routes';
export { createFollowInvestService } from './service';
export { followInvestEarningsStep, followInvestMaturityStep } from './steps';
