/** The checkIn module's public door: other modules and the composition root import only this file. */

export { exportSignIns } from './myData';
export { checkInRoutes } from './routes';
export { createCheckInService } from './service';
