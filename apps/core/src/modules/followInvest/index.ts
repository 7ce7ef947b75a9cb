/** The followInvest module's public door: other modules and the composition root import only this file. */

export { followInvestAdminRoutes, followInvestRoutes, percentToBp } from './routes';
export { createFollowInvestService, seedAdvisorProducts } from './service';
export { advisorEarningsStep, advisorMaturityStep } from './steps';
