import { MY_PLAY_MAX_DAYS } from '@prism/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Under ['user']: the player's own figures go with a logout. */
export const myPlayKey = (days: number) => ['user', 'myPlay', days] as const;

/** GET /app/protection/myPlay: the last `days` platform days per day and coin, and their totals. */
export const getMyPlay = (days: number) => api.protection.myPlay(days);

export const myPlayQueryOptions = (days = MY_PLAY_MAX_DAYS) => queryOptions({ queryKey: myPlayKey(days), queryFn: () => getMyPlay(days) });

export const useMyPlay = (days = MY_PLAY_MAX_DAYS) => useQuery(myPlayQueryOptions(days));
