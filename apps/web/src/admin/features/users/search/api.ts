import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi } from '../../../lib/api';

/** One hit of GET users/search (the dashboard helper's contract). */
export interface UserHit {
  id: number;
  phone: string;
  nickName: string;
  invitationCode: string;
  telegramUsername: string | null;
  userStatus: number;
  createdAt: string;
}

export const fetchUserSearch = (q: string) => adminApi.get<UserHit[]>('users/search', { q });
export const userSearchQuery = (q: string) =>
  queryOptions({
    queryKey: ['users', 'search', q],
    queryFn: () => fetchUserSearch(q),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
  });
export const useUserSearch = (q: string) => useQuery(userSearchQuery(q));
