import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoadTimeoutError, scheduleDelayed, withTimeout } from './timing';

describe('withTimeout', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('resolves with the value when the load is in time', async () => {
    const load = new Promise<string>((resolve) => setTimeout(() => resolve('page'), 59_999));
    const result = withTimeout(load, 60_000);
    await vi.advanceTimersByTimeAsync(59_999);
    await expect(result).resolves.toBe('page');
  });

  it('rejects with a message-less LoadTimeoutError after 60 s', async () => {
    const result = withTimeout(new Promise(() => {}), 60_000);
    const check = expect(result).rejects.toBeInstanceOf(LoadTimeoutError);
    await vi.advanceTimersByTimeAsync(60_000);
    await check;
    await result.catch((error: Error) => expect(error.message).toBe(''));
  });

  it('passes a load failure through', async () => {
    const failure = new Error('Failed to fetch dynamically imported module');
    await expect(withTimeout(Promise.reject(failure), 60_000)).rejects.toBe(failure);
  });

  it('uses the specification time-out by default', async () => {
    const result = withTimeout(new Promise(() => {}));
    const check = expect(result).rejects.toBeInstanceOf(LoadTimeoutError);
    await vi.advanceTimersByTimeAsync(59_999);
    let settled = false;
    result.catch(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await check;
  });
});

describe('scheduleDelayed (the page loading indicator)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the indicator only after 200 ms of loading', () => {
    const reports: boolean[] = [];
    scheduleDelayed(true, 200, (shown) => reports.push(shown));
    vi.advanceTimersByTime(199);
    expect(reports).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(reports).toEqual([true]);
  });

  it('never shows it when loading ends first', () => {
    const reports: boolean[] = [];
    const cleanup = scheduleDelayed(true, 200, (shown) => reports.push(shown));
    vi.advanceTimersByTime(150);
    cleanup();
    vi.advanceTimersByTime(500);
    expect(reports).toEqual([]);
  });

  it('hides it at once when loading stops', () => {
    const reports: boolean[] = [];
    scheduleDelayed(false, 200, (shown) => reports.push(shown));
    expect(reports).toEqual([false]);
  });
});
