import { AppError } from '@prism/domain';
import type { Request } from 'express';
import { clientIp } from './context';

export interface StreamLimits {
  perIp: number;
  perUser: number;
}

/**
 * Caps long-lived responses (event streams) open at once, per client IP and
 * per signed-in user. Counted in memory: an open stream is a socket of this
 * process, so the cap guards exactly the resource each process holds.
 */
export function createStreamLimiter(limits: StreamLimits) {
  const open = new Map<string, number>();
  const count = (key: string) => open.get(key) ?? 0;
  const add = (key: string, delta: number) => {
    const next = count(key) + delta;
    if (next > 0) open.set(key, next);
    else open.delete(key);
  };

  return {
    /** Takes a place for this request's stream or refuses it (STREAM_LIMIT); the answer frees the place. */
    acquire(req: Request): () => void {
      const keys = [`ip:${clientIp(req)}`];
      if (req.auth) keys.push(`user:${req.auth.userId}`);
      const full = count(keys[0] as string) >= limits.perIp || (keys[1] !== undefined && count(keys[1]) >= limits.perUser);
      if (full) throw new AppError('STREAM_LIMIT');
      for (const key of keys) add(key, 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        for (const key of keys) add(key, -1);
      };
    },
    /** Streams open now (for tests and diagnostics). */
    openCount(): number {
      let total = 0;
      for (const [key, n] of open) if (key.startsWith('ip:')) total += n;
      return total;
    },
  };
}

export type StreamLimiter = ReturnType<typeof createStreamLimiter>;
