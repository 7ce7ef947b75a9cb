import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryClient';
import { useHasToken } from '../../../lib/token';

/** GET /app/user/getUserInfo: balances, profile, invitation code, Telegram link. */
export const getUserInfo = () => api.user.getUserInfo();

export const userInfoQueryOptions = () => queryOptions({ queryKey: queryKeys.userInfo, queryFn: getUserInfo });

/** Disabled without a token, so nothing refetches while a logout moves to the login page. */
export const useUserInfo = () => useQuery({ ...userInfoQueryOptions(), enabled: useHasToken() });
