/** The ops module's public door: other modules and the composition root import only this file. */

export { opsRoutes } from './routes';
