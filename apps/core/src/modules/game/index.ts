/** The game module's public door: other modules and the composition root import only this file. */

export { gameAdminRoutes } from './admin';
export type { Beacon } from './beacon';
export { createDrandBeacon, createLocalBeacon, loadQuicknetVerifier } from './beacon';
export { strandedBets } from './check';
export { type BetFigureDay, betFigureDay, betFiguresScalar, rebuildBetFigures, stakedValueSql } from './figures';
export { exportBets, openBetCount } from './myData';
export { type PlayDay, playDays } from './playDays';
export { roomOfTransferSql, settledStakesBetween, validStakesPerUser } from './readModels';
export { type RecentBet, recentBets } from './recentBets';
export { roomNameOf, type SessionResult, type SettledSession, sessionResultsByUser } from './results';
export { listRooms, type RoomConfig, roomCatalog, seedGameRooms } from './rooms';
export { gameRoutes } from './routes';
export { createGameScheduler } from './scheduler';
export { userBetsBefore } from './userBets';
