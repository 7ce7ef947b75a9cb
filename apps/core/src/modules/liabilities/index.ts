/** The liabilities module's public door: other modules and the composition root import only this file. */

export { buildLiabilityTree, LIABILITY_PROOFS_KEPT, type SnapshotResult, takeSnapshot } from './build';
export { startLiabilitiesJob } from './job';
export type { PlayerAmounts, RunLedgerCheck } from './read';
export { liabilitiesAdminRoutes, liabilitiesRoutes } from './routes';
export { createLiabilitiesService, type LiabilitiesService } from './service';
