import type { GameSession } from '@prism/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryClient';
import { clockOffset } from '../clock';

/** The open session, with the server clock's offset from this device measured when the answer arrived. */
export interface TimedSession extends GameSession {
  clockOffset: number;
}

/** GET /app/game/luckyLottery/getSession?level=: the room's open session; `timestamp` is the server clock. */
export const getGameSession = async (level: number): Promise<TimedSession> => {
  const session = await api.game.getSession(level);
  return { ...session, clockOffset: clockOffset(session.timestamp, Date.now()) };
};

export const gameSessionQueryOptions = (level: number) =>
  queryOptions({ queryKey: queryKeys.gameSession(level), queryFn: () => getGameSession(level), staleTime: 0 });

/** `pollMs`: while live events are down, the session is polled (every 2 s). */
export const useGameSession = (level: number | undefined, pollMs: number | false) =>
  useQuery({
    ...gameSessionQueryOptions(level ?? 0),
    enabled: level !== undefined,
    refetchInterval: pollMs,
  });
