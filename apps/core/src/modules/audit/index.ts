/** The audit module's public door: other modules and the composition root import only this file. */

export type { AuditActor, AuditInput } from './audit';
export { actorOf, recordAudit } from './audit';
export type { AuditEntry, AuditQuery } from './list';
export { listAudit } from './list';
export { auditAdminRoutes } from './routes';
export type { AuditRow } from './schema';
