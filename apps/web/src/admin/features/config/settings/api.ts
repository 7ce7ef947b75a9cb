import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi } from '../../../lib/api';
import type { Setting } from './groups';

export const settingsKey = ['config', 'settings'] as const;
export const fetchSettings = () => adminApi.get<Setting[]>('config');
export const settingsQuery = queryOptions({ queryKey: settingsKey, queryFn: fetchSettings });
export const useSettings = () => useQuery(settingsQuery);
export const saveSetting = (body: Record<string, string>) => adminApi.post('config', body);
