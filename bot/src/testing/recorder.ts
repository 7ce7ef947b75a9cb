/**
 * An append-only list that tests can wait on. `waitFor` hands out each matching
 * item once, oldest first, so two successive `waitFor('sendMessage')` return the
 * first and the second reply even when both had already arrived.
 */
export class Recorder<T> {
  readonly items: T[] = [];
  private readonly claimed = new Set<T>();
  private readonly waiters = new Set<{ match: (item: T) => boolean; resolve: (item: T) => void; reject: (error: Error) => void }>();
  private closedWith: Error | undefined;

  constructor(private readonly describe: (items: readonly T[]) => string) {}

  add(item: T): void {
    this.items.push(item);
    this.offer(item);
  }

  /** Re-offers an item whose state changed (a call that has just been answered). */
  offer(item: T): void {
    for (const waiter of this.waiters) {
      if (!this.claimed.has(item) && waiter.match(item)) {
        this.claimed.add(item);
        this.waiters.delete(waiter);
        waiter.resolve(item);
      }
    }
  }

  waitFor(match: (item: T) => boolean, timeoutMs: number, what: string): Promise<T> {
    const ready = this.items.find((item) => !this.claimed.has(item) && match(item));
    if (ready) {
      this.claimed.add(ready);
      return Promise.resolve(ready);
    }
    if (this.closedWith) return Promise.reject(this.closedWith);
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        reject(new Error(`Timed out after ${timeoutMs} ms waiting for ${what}; seen so far: ${this.describe(this.items)}`));
      }, timeoutMs);
      const waiter = {
        match,
        resolve: (item: T) => {
          clearTimeout(timer);
          resolve(item);
        },
        reject: (error: Error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      this.waiters.add(waiter);
    });
  }

  /** Fails every pending and future wait, so a test never hangs on a stopped fake. */
  close(reason: string): void {
    this.closedWith = new Error(reason);
    for (const waiter of this.waiters) waiter.reject(this.closedWith);
    this.waiters.clear();
  }
}
