import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryClient';

/** GET /app/level/list: the user's level and every level with its tasks and progress. */
export const getLevels = () => api.level.list();

export const levelsQueryOptions = () => queryOptions({ queryKey: queryKeys.levels, queryFn: getLevels });

export const useLevels = () => useQuery(levelsQueryOptions());

/** POST /app/level/collect, with an Idempotency-Key. */
export const collectLevelTask = ({ taskId, idempotencyKey }: { taskId: number; idempotencyKey: string }) =>
  api.level.collect({ taskId }, { idempotencyKey });

export function useCollectLevelTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: collectLevelTask,
    onSuccess: (result) => {
      queryClient.setQueryData(queryKeys.levels, result);
      return Promise.all([queryKeys.userInfo, queryKeys.assetRecords].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
