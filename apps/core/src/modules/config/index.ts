/** The config module's public door: other modules and the composition root import only this file. */

export type { AreaCodes } from './areaCodes';
export { createAreaCodes } from './areaCodes';
export { configValueSql } from './readModels';
export { configRoutes } from './routes';
export type { ConfigService } from './service';
export { createConfigService, listSettings, seedConfig } from './service';
