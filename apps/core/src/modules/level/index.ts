/** The level module's public door: other modules and the composition root import only this file. */

export { createLevelAdmin } from './admin';
export { levelRulesCache, seedLevels } from './config';
export { levelAdminRoutes, levelRoutes } from './routes';
export { createLevelService } from './service';
