/** The game module's public door: other modules and the composition root import only this file. */

export { gameAdminRoutes } from './admin';
export type { Beacon } from './beacon';
export { createDrandBeacon, createLocalBeacon, loadQuicknetVerifier } from './beacon';
export type { BetFigures } from './figures';
export { betFiguresScalar, rebuildBetFigures, stakedValueSql } from './figures';
export { levelCatalog } from './levels';
export { type RecentBet, recentBets } from './recentBets';
export { gameRoutes } from './routes';
export { createGameScheduler } from './scheduler';
