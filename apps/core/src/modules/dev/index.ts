/** The dev module's public door: other modules and the composition root import only this file. */

export { devRoutes } from './routes';
export type { DevTelegramDeps } from './telegramStart';
export { devTelegramRoutes } from './telegramStart';
