/** The dashboard feature's public door (placeholder until the feature lands). */
export { DashboardPage } from './DashboardPage';
