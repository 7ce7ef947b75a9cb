import { and, desc, eq, gte, lt, lte, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { auditLog } from './schema';

export interface AuditQuery {
  operator?: string | undefined;
  action?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  /** Keyset paging: rows with an id below this one (the previous page's `next`). */
  before?: number | undefined;
  limit: number;
}

/** One row as the operator API shows it (`at` as ISO text). */
export interface AuditEntry {
  id: number;
  at: string;
  operatorId: number;
  operatorLogin: string;
  operatorRole: string;
  via: string;
  address: string;
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
  reason: string | null;
  requestId: string | null;
}

/**
 * The audit log, newest first, filtered; paged by id (keyset: no OFFSET, so a page costs the same
 * however deep, and rows written meanwhile never shift it). `next` is the `before` of the next page.
 */
export async function listAudit(db: Executor, query: AuditQuery): Promise<{ list: AuditEntry[]; next: number | null }> {
  const conditions: SQL[] = [];
  if (query.operator) conditions.push(eq(auditLog.operatorLogin, query.operator));
  if (query.action) conditions.push(eq(auditLog.action, query.action));
  if (query.targetType) conditions.push(eq(auditLog.targetType, query.targetType));
  if (query.targetId) conditions.push(eq(auditLog.targetId, query.targetId));
  if (query.from) conditions.push(gte(auditLog.at, query.from));
  if (query.to) conditions.push(lte(auditLog.at, query.to));
  if (query.before !== undefined) conditions.push(lt(auditLog.id, query.before));
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(desc(auditLog.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    list: page.map((row) => ({ ...row, at: row.at.toISOString() })),
    next: rows.length > query.limit && last ? last.id : null,
  };
}
