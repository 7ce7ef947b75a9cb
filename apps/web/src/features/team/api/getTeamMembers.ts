import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { nextPageOf } from '../../../lib/paging';
import { queryKeys } from '../../../lib/queryClient';
import { useHasToken } from '../../../lib/token';

/** GET /app/user/getTeamMembers: one level of the team (1 = direct), 20 to a page, newest first. */
export const getTeamMembers = (level: number, pageNo: number) => api.user.getTeamMembers({ level, pageNo });

export const teamMembersQueryOptions = (level: number) =>
  infiniteQueryOptions({
    queryKey: queryKeys.teamMembers(level),
    queryFn: ({ pageParam }) => getTeamMembers(level, pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });

export const useTeamMembers = (level: number) => useInfiniteQuery({ ...teamMembersQueryOptions(level), enabled: useHasToken() });
