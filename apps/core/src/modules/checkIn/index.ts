/** The checkIn module's public door: other modules and the composition root import only this file. */

export { signedInOnSql } from './readModels';
export { checkInRoutes } from './routes';
export { createCheckInService } from './service';
