import { describe, expect, it } from 'vitest';
import { cached } from './cached';

/** A load that counts its calls and answers when told to. */
function source() {
  let calls = 0;
  let value = 'a';
  const waiting: (() => void)[] = [];
  return {
    load: () => {
      calls++;
      const answer = value;
      return new Promise<string>((resolve) => waiting.push(() => resolve(answer)));
    },
    set: (next: string) => {
      value = next;
    },
    release: () => {
      for (const go of waiting.splice(0)) go();
    },
    calls: () => calls,
  };
}

describe('cached', () => {
  it('shares one load among concurrent callers and answers from memory until the time is up', async () => {
    const s = source();
    const value = cached(s.load, 50);
    const both = Promise.all([value.get(), value.get()]);
    s.release();
    expect(await both).toEqual(['a', 'a']);
    expect(await value.get()).toBe('a');
    expect(s.calls()).toBe(1);
    s.set('b');
    await new Promise((resolve) => setTimeout(resolve, 60));
    const later = value.get();
    s.release();
    expect(await later).toBe('b');
    expect(s.calls()).toBe(2);
  });

  it('drops the value at once on invalidate, and never keeps a load that started before it', async () => {
    const s = source();
    const value = cached(s.load, 60_000);
    const first = value.get();
    s.release();
    expect(await first).toBe('a');
    // A load in flight while the operator writes: its (old) answer goes to its callers only.
    const stale = cached(s.load, 60_000);
    const inFlight = stale.get();
    s.set('b');
    stale.invalidate();
    const fresh = stale.get();
    s.release();
    expect(await inFlight).toBe('a');
    expect(await fresh).toBe('b');
    expect(await stale.get()).toBe('b');
    value.invalidate();
    const again = value.get();
    s.release();
    expect(await again).toBe('b');
  });
});
