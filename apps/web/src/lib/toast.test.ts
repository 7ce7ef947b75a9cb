import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToaster } from './toast';

describe('toaster', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows a message for 1500 ms', () => {
    const toaster = createToaster(1500);
    toaster.show('Copy successful');
    expect(toaster.store.get()?.message).toBe('Copy successful');
    vi.advanceTimersByTime(1499);
    expect(toaster.store.get()).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(toaster.store.get()).toBeNull();
  });

  it('replaces the current toast and restarts the clock', () => {
    const toaster = createToaster(1500);
    toaster.show('first');
    vi.advanceTimersByTime(1000);
    toaster.show('second');
    vi.advanceTimersByTime(1000);
    expect(toaster.store.get()?.message).toBe('second');
    vi.advanceTimersByTime(500);
    expect(toaster.store.get()).toBeNull();
  });

  it('ignores empty messages', () => {
    const toaster = createToaster(1500);
    toaster.show('');
    expect(toaster.store.get()).toBeNull();
  });
});
