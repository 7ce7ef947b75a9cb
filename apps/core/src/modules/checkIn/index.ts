/** The checkIn module's public door: other modules and the composition root import only this file. */

export { exportSignIns } from './myData';
export { signedInOnSql } from './readModels';
export { checkInRoutes } from './routes';
export { createCheckInService } from './service';
