import { isApiError } from '@prism/client';
import type { TapAnswer } from '@prism/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { queryKeys } from '../../lib/queryClient';
import { hapticImpact } from '../../lib/telegram';
import { sendTapBatch } from './api/tap';
import { afterAnswer, afterRefusal, afterTap, canTap, startBatch, type TapView } from './tapper';

/** How often pending taps are sent, and the screen's energy refreshed. */
const FLUSH_MS = 1_000;

/**
 * Taps counted at once, sent every second as one batch; the server's answer
 * (energy, today's taps, POINT) replaces the guess. A batch whose answer was
 * lost is sent again with its id, so the server counts it once.
 */
export function useTapper(initial: TapAnswer) {
  const queryClient = useQueryClient();
  const [view, setView] = useState<TapView>(() => ({ server: initial, answeredAt: Date.now(), pending: 0 }));
  const [now, setNow] = useState(Date.now);
  const viewRef = useRef(view);
  viewRef.current = view;
  const sending = useRef(false);

  const flush = useCallback(async () => {
    if (sending.current) return;
    const batched = viewRef.current.inFlight ? viewRef.current : startBatch(viewRef.current, crypto.randomUUID());
    if (!batched.inFlight) return;
    sending.current = true;
    viewRef.current = batched;
    setView(batched);
    try {
      const answer = await sendTapBatch(batched.inFlight);
      setView((v) => afterAnswer(v, answer, Date.now()));
      void queryClient.invalidateQueries({ queryKey: queryKeys.userInfo });
    } catch (error) {
      // A refusal drops the batch; a lost answer keeps it for the next flush.
      if (isApiError(error) && error.kind === 'business') setView(afterRefusal);
    } finally {
      sending.current = false;
    }
  }, [queryClient]);

  useEffect(() => {
    const timer = setInterval(() => {
      setNow(Date.now());
      void flush();
    }, FLUSH_MS);
    return () => {
      clearInterval(timer);
      void flush();
    };
  }, [flush]);

  const tap = useCallback(() => {
    if (!canTap(viewRef.current, Date.now())) return;
    hapticImpact('light');
    setView(afterTap);
  }, []);

  return { view, now, tap };
}
