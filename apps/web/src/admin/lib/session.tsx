import type { OperatorRole, Permission } from '@prism/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { adminApi } from './api';

/** The signed-in operator, as GET auth/me answers. */
export interface Me {
  id: number;
  login: string;
  role: OperatorRole | 'breakGlass';
  permissions: Permission[];
  via: string;
  telegramId: string | null;
}

export const getMe = () => adminApi.get<Me>('auth/me');
export const meQuery = () => queryOptions({ queryKey: ['admin', 'auth', 'me'], queryFn: getMe, retry: false, staleTime: 60_000 });
export const useMeQuery = () => useQuery(meQuery());

export const SessionContext = createContext<Me | undefined>(undefined);

/** The signed-in operator; only under the session provider (every page but sign-in and setup). */
export function useMe(): Me {
  const me = useContext(SessionContext);
  if (!me) throw new Error('useMe outside the signed-in console');
  return me;
}

/** Whether the signed-in operator holds a permission: what a screen shows follows it (the API decides). */
export function useCan(): (permission: Permission) => boolean {
  const me = useMe();
  return (permission) => me.permissions.includes(permission);
}
