import { subscribeSupportEvents } from '@prism/client/events';
import type { SupportLiveEvent } from '@prism/domain';
import { useEffect, useRef, useState } from 'react';
import { getToken } from '../../lib/token';

/** The wait before the n-th reconnection: 1 s, 2 s, 4 s ... up to 30 s. */
const retryDelay = (attempt: number) => Math.min(30_000, 1_000 * 2 ** attempt);

/**
 * The player's support stream (new messages from any core process). When it breaks it is
 * retried with backoff; `live` says whether it is open (the screen polls while it is not).
 */
export function useSupportEvents(onEvent: (event: SupportLiveEvent) => void): { live: boolean } {
  const [live, setLive] = useState(false);
  const latest = useRef(onEvent);
  latest.current = onEvent;

  useEffect(() => {
    let attempt = 0;
    let stopped = false;
    let close: (() => void) | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const connect = () => {
      const token = getToken();
      if (stopped || !token) return;
      close = subscribeSupportEvents({
        baseURL: '/core/',
        token,
        onOpen: () => {
          attempt = 0;
          setLive(true);
        },
        onEvent: (event) => latest.current(event),
        onError: () => {
          setLive(false);
          retry = setTimeout(connect, retryDelay(attempt));
          attempt += 1;
        },
      });
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      close?.();
    };
  }, []);

  return { live };
}
