import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { adminApi } from '../../lib/api';

/** A row of GET audit (newest first). */
export interface AuditRow {
  id: number;
  at: string;
  operatorId: number | null;
  operatorLogin: string;
  operatorRole: string;
  via: string;
  address: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  before: unknown;
  after: unknown;
  reason: string | null;
  requestId: string | null;
}
export interface AuditPage {
  list: AuditRow[];
  next: number | null;
}

export const AUDIT_PAGE_SIZE = 50;

/** GET audit with filters; `before` is the keyset cursor (the last row's id of the previous page). */
export const getAudit = (filters: Record<string, string>, before?: number) =>
  adminApi.get<AuditPage>('audit', { ...filters, limit: AUDIT_PAGE_SIZE, ...(before ? { before } : {}) });

export const auditQueryOptions = (filters: Record<string, string>) =>
  infiniteQueryOptions({
    queryKey: ['admin', 'audit', filters],
    queryFn: ({ pageParam }) => getAudit(filters, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => page.next ?? undefined,
  });
export const useAudit = (filters: Record<string, string>) => useInfiniteQuery(auditQueryOptions(filters));
