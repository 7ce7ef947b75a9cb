import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryClient';
import { useHasToken } from '../../../lib/token';

/** GET /app/user/getUserTeamInfo: direct and team figures, levels 1 to 3. */
export const getUserTeamInfo = () => api.user.getUserTeamInfo();

export const teamInfoQueryOptions = () => queryOptions({ queryKey: queryKeys.teamInfo, queryFn: getUserTeamInfo });

export const useTeamInfo = () => useQuery({ ...teamInfoQueryOptions(), enabled: useHasToken() });
