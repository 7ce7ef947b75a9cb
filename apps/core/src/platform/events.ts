import { sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../db/client';
import type { Logger } from './logger';

/**
 * Live events across processes: publish = NOTIFY (after the change committed),
 * every process LISTENs once and fans out to its local subscribers (SSE clients).
 */
export interface EventBus {
  publish(event: LiveEvent): Promise<void>;
  subscribe(listener: (event: LiveEvent) => void): () => void;
  stop(): Promise<void>;
}

/** What the game announces; clients refetch what they need. */
export interface LiveEvent {
  type: 'session_opened' | 'session_drawn' | 'session_settled' | 'session_void';
  level: number;
  sessionId: number;
  periodId: string;
  result?: number | undefined;
}

export const EVENTS_CHANNEL = 'prism_events';

export async function createEventBus(handle: Pick<DatabaseHandle, 'listen'>, db: Database, logger: Logger): Promise<EventBus> {
  const listeners = new Set<(event: LiveEvent) => void>();
  const stop = await handle.listen(EVENTS_CHANNEL, (payload) => {
    let event: LiveEvent;
    try {
      event = JSON.parse(payload) as LiveEvent;
    } catch {
      return;
    }
    for (const listener of listeners) listener(event);
  });
  return {
    async publish(event) {
      await db
        .execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(event)})`)
        .catch((error: unknown) => logger.warn({ err: error }, 'event publish failed'));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stop,
  };
}
