/** The audit feature's public door: the audit log view. */
export { AuditPage } from './AuditPage';
