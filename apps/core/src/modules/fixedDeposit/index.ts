/** The fixedDeposit module's public door: other modules and the composition root import only this file. */

export { fixedDepositAdminRoutes, fixedDepositRoutes } from './routes';
export { createFixedDepositService, seedDepositProducts } from './service';
export { depositInterestStep, depositMaturityStep } from './steps';
