/** The protection module's public door: other modules and the composition root import only this file. */

export { refuseWhileExcluded } from './exclusion';
export { protectionRoutes } from './routes';
export type { ExclusionGuard, ProtectionService } from './service';
export { createProtectionService, refuseIfExcluded } from './service';
