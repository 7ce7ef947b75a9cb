/** The support module's public door: other modules and the composition root import only this file. */

export { supportAdminRoutes } from './adminRoutes';
export type { SupportContext, SupportGroup } from './context';
export { exportSupportConversation } from './export';
export { supportRoutes } from './routes';
export { createSupportService, type SupportService } from './service';
