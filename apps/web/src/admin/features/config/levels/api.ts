import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi } from '../../../lib/api';

/** An upgrade task as GET levels answers it (target and reward as typed). */
export interface LevelTaskRow extends Record<string, unknown> {
  id: number;
  level: number;
  kind: string;
  target: string;
  asset: string;
  reward: string;
  enabled: boolean;
  updatedAt: string;
}

export interface LevelRow extends Record<string, unknown> {
  level: number;
  name: string;
  promotion: boolean;
  updatedAt: string;
  tasks: LevelTaskRow[];
}

export const levelsKey = ['config', 'levels'] as const;
export const fetchLevels = () => adminApi.get<LevelRow[]>('levels');
export const levelsQuery = queryOptions({ queryKey: levelsKey, queryFn: fetchLevels });
export const useLevels = () => useQuery(levelsQuery);
/** Every level's tasks in one list (the same read). */
export const useLevelTasks = () => useQuery({ ...levelsQuery, select: (levels: LevelRow[]) => levels.flatMap((l) => l.tasks) });

export const saveLevel = (body: Record<string, string>) => adminApi.post('levels', body);
export const saveLevelTask = (body: Record<string, string>) => adminApi.post('levels/tasks', body);
