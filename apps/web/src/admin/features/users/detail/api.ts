import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { adminApi } from '../../../lib/api';
import { nextCursor } from '../present';

/** GET users/:id (the dashboard helper's contract): the user and what support looks at. */
export interface UserDetail {
  user: Record<string, unknown>;
  balances: unknown;
  protection: Record<string, unknown> | null;
  telegram: Record<string, unknown> | null;
  sessions: unknown;
  team: Record<string, unknown>;
}

export const HISTORY_LIMIT = 50;
export const userKey = (id: string) => ['users', 'detail', id] as const;

export const fetchUser = (id: string) => adminApi.get<UserDetail>(`users/${id}`);
export const userQuery = (id: string) => queryOptions({ queryKey: userKey(id), queryFn: () => fetchUser(id) });
export const useUser = (id: string) => useQuery(userQuery(id));

export type HistoryKind = 'ledger' | 'bets';
export const fetchHistory = (id: string, kind: HistoryKind, before: number | undefined) =>
  adminApi.get<unknown>(`users/${id}/${kind}`, before === undefined ? { limit: HISTORY_LIMIT } : { before, limit: HISTORY_LIMIT });
/** The user's ledger entries or bets, newest first, a page at a time (`before` cursor). */
export const useHistory = (id: string, kind: HistoryKind) =>
  useInfiniteQuery({
    queryKey: [...userKey(id), kind],
    queryFn: ({ pageParam }) => fetchHistory(id, kind, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => nextCursor(last, HISTORY_LIMIT),
  });

export const setUserStatus = (id: string, status: 'enable' | 'disable') => adminApi.post(`users/${id}/status`, { status });
export const signOutUser = (id: string) => adminApi.post(`users/${id}/signOut`);
export const messageUser = (id: string, body: Record<string, string>) => adminApi.post(`users/${id}/message`, body);
export const waiveTurnover = (id: string, body: Record<string, string>) => adminApi.post(`users/${id}/turnoverWaiver`, body);
export const requestAdjustment = (id: string, body: Record<string, string>) => adminApi.post('adjustments', { ...body, userId: id });
