/** The dashboard module's public door: other modules and the composition root import only this file. */

export { catchUp, REFRESH_BATCH, refreshAggregates } from './aggregates';
export { type Dashboard, dashboard } from './dashboard';
export { startDashboardJob } from './job';
export { dashboardRoutes } from './routes';
