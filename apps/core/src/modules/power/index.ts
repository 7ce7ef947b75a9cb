/** The power module's public door: other modules and the composition root import only this file. */

export { incomeListScalar } from './incomes';
export { activePowerHoldingCount, exportPowerHoldings } from './myData';
export { heldPowerSql } from './readModels';
export { powerAdminRoutes, powerRoutes } from './routes';
export { seedPowerSessions } from './seed';
export { createPowerService } from './service';
export { POWER_DAILY_STEPS } from './steps';
