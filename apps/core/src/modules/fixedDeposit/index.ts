/** The fixedDeposit module's public door: other modules and the composition root import only this file. */

export { seedDepositProducts } from './admin';
export { exportFixedDeposits, holdingFixedDepositCount } from './myData';
export { fixedDepositAdminRoutes, fixedDepositRoutes } from './routes';
export { createFixedDepositService } from './service';
export { depositInterestStep, depositMaturityStep } from './steps';
