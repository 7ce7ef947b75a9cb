import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToaster } from './toast';

const messages = (toaster: ReturnType<typeof createToaster>) => toaster.store.get().map((item) => item.message);

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
    expect(toaster.store.get()).toMatchObject([{ message: 'Copy successful', tone: 'info' }]);
    vi.advanceTimersByTime(1499);
    expect(messages(toaster)).toEqual(['Copy successful']);
    vi.advanceTimersByTime(1);
    expect(toaster.store.get()).toEqual([]);
  });

  it('stacks toasts newest last, each leaving after its own 1500 ms', () => {
    const toaster = createToaster(1500);
    toaster.show('first');
    vi.advanceTimersByTime(1000);
    toaster.show('second', 'error');
    expect(toaster.store.get()).toMatchObject([
      { message: 'first', tone: 'info' },
      { message: 'second', tone: 'error' },
    ]);
    vi.advanceTimersByTime(500);
    expect(messages(toaster)).toEqual(['second']);
    vi.advanceTimersByTime(1000);
    expect(toaster.store.get()).toEqual([]);
  });

  it('keeps at most three: the oldest gives way', () => {
    const toaster = createToaster(1500, 3);
    for (const message of ['a', 'b', 'c', 'd']) toaster.show(message);
    expect(messages(toaster)).toEqual(['b', 'c', 'd']);
  });

  it('shows the same message once, restarting its clock', () => {
    const toaster = createToaster(1500);
    toaster.show('Please wait');
    vi.advanceTimersByTime(1000);
    toaster.show('Please wait');
    expect(messages(toaster)).toEqual(['Please wait']);
    vi.advanceTimersByTime(1000);
    expect(messages(toaster)).toEqual(['Please wait']);
    vi.advanceTimersByTime(500);
    expect(toaster.store.get()).toEqual([]);
  });

  it('ignores empty messages', () => {
    const toaster = createToaster(1500);
    toaster.show('');
    expect(toaster.store.get()).toEqual([]);
  });
});
