/** The tap module's public door: other modules and the composition root import only this file. */

export { tapRoutes } from './routes';
export { createTapService } from './service';
