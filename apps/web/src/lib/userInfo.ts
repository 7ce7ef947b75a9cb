import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api';
import { takeEarly } from './early';
import { queryKeys } from './queryClient';
import { useHasToken } from './token';

/** GET /app/user/getUserInfo: balances, profile, invitation code, Telegram link. */
export const getUserInfo = () => api.user.getUserInfo();

/** The first ask takes the answer main.tsx requested early for the home page (lib/early.ts), if any. */
export const userInfoQueryOptions = () => queryOptions({ queryKey: queryKeys.userInfo, queryFn: () => takeEarly('userInfo', getUserInfo) });

/** Disabled without a token, so nothing refetches while a logout moves to the login page. */
export const useUserInfo = () => useQuery({ ...userInfoQueryOptions(), enabled: useHasToken() });
