import { subscribeGameEvents } from '@prism/client/events';
import { GAME_EVENTS_HEARTBEAT_MS, type GameEvent } from '@prism/domain';
import { useEffect, useRef, useState } from 'react';

/**
 * Live updates of one room (server-sent events): session_opened,
 * session_drawn, session_settled, session_void. When the stream breaks, or
 * stalls (no heartbeat nor event for STALL_MS), the caller polls instead
 * (`live` is false) and the stream is retried with backoff: 1 s, 2 s, 4 s ...
 * up to 30 s. As soon as it connects again the caller leaves polling; a
 * heartbeat or an event on it resets the backoff.
 */
export const POLL_MS = 2_000;
export const MAX_RETRY_MS = 30_000;
/** The server sends a heartbeat every GAME_EVENTS_HEARTBEAT_MS (15 s); three missed ones mean the stream has stalled. */
export const STALL_MS = 3 * GAME_EVENTS_HEARTBEAT_MS;

/** The wait before the n-th reconnection (n from 0). */
export function retryDelay(attempt: number): number {
  return Math.min(MAX_RETRY_MS, 1_000 * 2 ** Math.max(0, attempt));
}

export interface LiveEventsOptions {
  /** Where /core/ lives ('/core/' in the web app). */
  baseURL: string;
  level: number;
  onEvent: (event: GameEvent) => void;
  /** true when the stream (re)connects, false when it breaks or stalls (poll until it is back). */
  onLive: (live: boolean) => void;
  /** Silence after which a stream counts as stalled (STALL_MS). */
  stallMs?: number;
  /** The wait before the n-th reconnection (retryDelay). */
  retryDelay?: (attempt: number) => number;
  fetchImpl?: typeof fetch;
}

/**
 * Keeps one room's event stream open: reconnects with backoff when it breaks
 * or goes silent for stallMs (also while connecting), and says when it is live.
 * Returns the function that stops it.
 */
export function keepGameEventsLive(options: LiveEventsOptions): () => void {
  const stallMs = options.stallMs ?? STALL_MS;
  const delay = options.retryDelay ?? retryDelay;
  let attempt = 0;
  let close: (() => void) | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let stall: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const broken = () => {
    if (stopped) return;
    clearTimeout(stall);
    close?.();
    close = undefined;
    options.onLive(false);
    retry = setTimeout(connect, delay(attempt));
    attempt += 1;
  };
  /** Heard from the server: the stream is not stalled, for another stallMs. */
  const heard = () => {
    clearTimeout(stall);
    stall = setTimeout(broken, stallMs);
  };
  const connect = () => {
    if (stopped) return;
    close = subscribeGameEvents({
      baseURL: options.baseURL,
      level: options.level,
      fetchImpl: options.fetchImpl,
      onOpen: () => {
        heard();
        options.onLive(true);
      },
      onHeartbeat: () => {
        attempt = 0;
        heard();
      },
      onEvent: (event) => {
        attempt = 0;
        heard();
        options.onEvent(event);
      },
      onError: broken,
    });
    heard();
  };

  connect();
  return () => {
    stopped = true;
    clearTimeout(retry);
    clearTimeout(stall);
    close?.();
  };
}

export function useGameEvents(level: number | undefined, onEvent: (event: GameEvent) => void): { live: boolean } {
  const [live, setLive] = useState(true);
  const latest = useRef(onEvent);
  latest.current = onEvent;

  useEffect(() => {
    if (level === undefined) return;
    setLive(true);
    return keepGameEventsLive({ baseURL: '/core/', level, onEvent: (event) => latest.current(event), onLive: setLive });
  }, [level]);

  return { live };
}
