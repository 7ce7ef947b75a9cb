import type { GameChain } from '@prism/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi } from '../../../lib/api';

/** A room as GET game/levels answers it (amounts as decimal text). */
export interface AdminRoom {
  level: number;
  levelName: string;
  enableFlag: boolean;
  betBaseAmountStr: string;
  betMultipleStr: string;
  chipMinLimit: string;
  chipMaxLimit: string;
  betAmountMax: string;
  sessionSeconds: number;
  betCloseSeconds: number;
  feeBps: number;
  returnToPlayer: Record<string, string>;
  updatedAt: string;
}

export const roomsKey = ['config', 'rooms'] as const;
export const fetchRooms = () => adminApi.get<AdminRoom[]>('game/levels');
export const roomsQuery = queryOptions({ queryKey: roomsKey, queryFn: fetchRooms });
export const useRooms = () => useQuery(roomsQuery);

export type { GameChain };
export const fetchChains = () => adminApi.get<GameChain[]>('game/chains');
export const chainsQuery = queryOptions({ queryKey: ['config', 'chains'], queryFn: fetchChains });
export const useChains = () => useQuery(chainsQuery);

export const saveRoom = (body: Record<string, string>) => adminApi.post<AdminRoom>('game/levels', body);
