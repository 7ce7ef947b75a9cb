import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '../../lib/api';

/** A row of GET auth/sessions: the operator's own console sessions. */
export interface OperatorSession {
  id: number | string;
  createdAt: string;
  lastSeenAt: string;
  address: string;
  userAgent: string;
  current: boolean;
}

/** A row of GET auth/tokens (the token itself is never listed, only shown once at creation). */
export interface ApiTokenRow {
  id: number | string;
  name: string;
  createdAt?: string;
  lastUsedAt?: string | null;
}

export const sessionsQuery = () =>
  queryOptions({ queryKey: ['admin', 'auth', 'sessions'], queryFn: () => adminApi.get<OperatorSession[]>('auth/sessions') });
export const tokensQuery = () =>
  queryOptions({ queryKey: ['admin', 'auth', 'tokens'], queryFn: () => adminApi.get<ApiTokenRow[]>('auth/tokens') });
export const useSessions = () => useQuery(sessionsQuery());
export const useTokens = () => useQuery(tokensQuery());

export const revokeSession = (id: OperatorSession['id']) => adminApi.post<unknown>(`auth/sessions/${id}/revoke`);
export const createToken = (name: string) => adminApi.post<{ id: number; token: string }>('auth/tokens', { name });
export const revokeToken = (id: ApiTokenRow['id']) => adminApi.post<unknown>(`auth/tokens/${id}/revoke`);

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeSession, onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQuery().queryKey }) });
}
export function useCreateToken() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createToken, onSuccess: () => queryClient.invalidateQueries({ queryKey: tokensQuery().queryKey }) });
}
export function useRevokeToken() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeToken, onSuccess: () => queryClient.invalidateQueries({ queryKey: tokensQuery().queryKey }) });
}
