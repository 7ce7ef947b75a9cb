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

/** What goes over the bus: the game's announcements and new support messages; clients refetch what they need. */
export type LiveEvent = GameLiveEvent | SupportBusEvent;

/** What the game announces. */
export interface GameLiveEvent {
  type: 'session_opened' | 'session_drawn' | 'session_settled' | 'session_void';
  level: number;
  sessionId: number;
  periodId: string;
  result?: number | undefined;
}

/** A new message in a player's support conversation: only that player's streams hear it (modules/support). */
export interface SupportBusEvent {
  type: 'support_message';
  userId: number;
  messageId: number;
  author: 'player' | 'operator';
}

export function isGameEvent(event: LiveEvent): event is GameLiveEvent {
  return event.type !== 'support_message';
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
