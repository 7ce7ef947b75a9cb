import type { Update } from 'grammy/types';
import { FakeApiError } from './params';
import type { UpdateDraft } from './updates';

interface Poll {
  wake: () => void;
  fail: (error: FakeApiError) => void;
}

/**
 * The updates Telegram holds for the bot until it confirms them, with
 * getUpdates' rules: an update is confirmed (forgotten) once getUpdates is called
 * with an offset above its id; a negative offset keeps only the last -offset
 * updates; at most one long poll waits at a time.
 */
export class UpdateQueue {
  private updates: Update[] = [];
  private nextId = 1;
  private poll: Poll | undefined;
  private stopped = false;

  constructor(private readonly onPush: (update: Update) => void) {}

  push(draft: UpdateDraft): Update {
    const { update_id: given, ...content } = draft;
    const updateId = given ?? this.nextId;
    this.nextId = Math.max(this.nextId, updateId + 1);
    const update: Update = { update_id: updateId, ...content };
    this.updates.push(update);
    this.onPush(update);
    this.poll?.wake();
    return update;
  }

  get pending(): number {
    return this.updates.length;
  }

  /** Oldest unconfirmed update (webhook delivery goes one at a time, in order). */
  peek(): Update | undefined {
    return this.updates[0];
  }

  confirm(updateId: number): void {
    this.updates = this.updates.filter((update) => update.update_id > updateId);
  }

  dropAll(): void {
    this.updates = [];
  }

  private applyOffset(offset: number | undefined): void {
    if (offset === undefined || offset === 0) return;
    if (offset > 0) this.updates = this.updates.filter((update) => update.update_id >= offset);
    else this.updates = this.updates.slice(offset);
  }

  /**
   * Answers getUpdates: at once when updates are waiting or timeout is 0, otherwise
   * when one is pushed, the timeout passes, the caller goes away (`cancelled`)
   * or the fake stops.
   */
  async getUpdates(offset: number | undefined, limit: number, timeoutSeconds: number, cancelled: Promise<void>): Promise<Update[]> {
    this.applyOffset(offset);
    // Telegram ends the older request when a newer one arrives: two pollers keep knocking each other out.
    this.terminate('Conflict: terminated by other getUpdates request; make sure that only one bot instance is running');
    if (this.updates.length === 0 && timeoutSeconds > 0 && !this.stopped) {
      await new Promise<void>((resolve, reject) => {
        const done = () => {
          clearTimeout(timer);
          if (this.poll === poll) this.poll = undefined;
        };
        const poll: Poll = {
          wake: () => {
            done();
            resolve();
          },
          fail: (error) => {
            done();
            reject(error);
          },
        };
        const timer = setTimeout(poll.wake, timeoutSeconds * 1000);
        this.poll = poll;
        void cancelled.then(poll.wake);
      });
    }
    return this.updates.slice(0, limit);
  }

  /** Ends a waiting long poll with 409 Conflict and Telegram's description of why. */
  terminate(description: string): void {
    this.poll?.fail(new FakeApiError(409, description));
  }

  /** Ends a waiting long poll with an empty answer, as a Telegram timeout would. */
  stop(): void {
    this.stopped = true;
    this.poll?.wake();
  }
}
