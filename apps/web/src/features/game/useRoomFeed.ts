import type { GameEvent } from '@prism/domain';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { queryKeys } from '../../lib/queryClient';
import { useGameRecords } from './api/records';
import { useGameResults } from './api/results';
import { useGameSession } from './api/session';
import { POLL_MS, useGameEvents } from './live';
import { useSessionClock } from './useSessionClock';

const refresh = (queryClient: QueryClient, keys: readonly (readonly unknown[])[]) => {
  for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
};

/**
 * One room's data kept current: the open session and its countdowns, past
 * results and the user's records. Live events drive it; while they are down
 * it polls, and catches up once when they come back.
 */
export function useRoomFeed(level: number) {
  const queryClient = useQueryClient();

  // A new session, or a finished one (results, records, balance and the session change).
  const onEvent = useCallback(
    (event: GameEvent) => {
      if (event.level !== level || event.type === 'session_drawn') return;
      refresh(
        queryClient,
        event.type === 'session_opened'
          ? [queryKeys.gameSession(level)]
          : [queryKeys.gameSession(level), queryKeys.gameResults(level), queryKeys.gameRecords(level), queryKeys.userInfo],
      );
    },
    [level, queryClient],
  );
  const { live } = useGameEvents(level, onEvent);
  const pollMs = live ? false : POLL_MS;
  const session = useGameSession(level, pollMs);
  const results = useGameResults(level, pollMs);
  const records = useGameRecords(level);
  const clock = useSessionClock(session.data);

  // At the end of a session the next one opens: fetch it, and again each second until it is there.
  const ended = session.data !== undefined && clock.draw === 0;
  const sessionId = session.data?.id;
  const { refetch } = session;
  useEffect(() => {
    if (!ended) return;
    void refetch();
    const timer = setInterval(() => void refetch(), 1_000);
    return () => clearInterval(timer);
  }, [ended, sessionId, refetch]);

  // Back live after polling: catch up once on what happened between the last poll and the reconnection.
  const wasLive = useRef(live);
  useEffect(() => {
    if (live && !wasLive.current)
      refresh(queryClient, [queryKeys.gameSession(level), queryKeys.gameResults(level), queryKeys.gameRecords(level), queryKeys.userInfo]);
    wasLive.current = live;
  }, [live, level, queryClient]);

  // While polling, a new finished session (the head of the history) means records and balance changed.
  const headId = results.data?.pages[0]?.content[0]?.id;
  const seenHead = useRef(headId);
  useEffect(() => {
    if (headId === undefined) return;
    if (!live && seenHead.current !== undefined && seenHead.current !== headId)
      refresh(queryClient, [queryKeys.gameRecords(level), queryKeys.userInfo]);
    seenHead.current = headId;
  }, [headId, live, level, queryClient]);

  return { live, session, results, records, clock };
}

export type RoomFeed = ReturnType<typeof useRoomFeed>;
