/**
 * A value read from the database that is the same for every caller (operator configuration),
 * kept in process for at most `ttlMs`, and dropped at once by `invalidate()` on this process's
 * write path. Another process's write is seen within `ttlMs` (docs/performance.md).
 * Concurrent callers share one load; a load that started before an invalidation is not kept.
 */
export interface Cached<T> {
  get(): Promise<T>;
  invalidate(): void;
}

/** How stale operator configuration (settings, level rules, rooms) may be on another worker. */
export const CONFIG_CACHE_MS = 2000;

export function cached<T>(load: () => Promise<T>, ttlMs = CONFIG_CACHE_MS): Cached<T> {
  let value: { data: T; until: number } | undefined;
  let loading: Promise<T> | undefined;
  let generation = 0;
  return {
    get() {
      if (value && performance.now() < value.until) return Promise.resolve(value.data);
      if (loading) return loading;
      const started = generation;
      const until = performance.now() + ttlMs;
      loading = load().then(
        (data) => {
          if (started === generation) {
            value = { data, until };
            loading = undefined;
          }
          return data;
        },
        (error: unknown) => {
          if (started === generation) loading = undefined;
          throw error;
        },
      );
      return loading;
    },
    invalidate() {
      generation++;
      value = undefined;
      loading = undefined;
    },
  };
}
