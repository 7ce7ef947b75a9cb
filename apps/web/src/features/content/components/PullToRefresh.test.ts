import { describe, expect, it } from 'vitest';
import { PULL_THRESHOLD, pulledFarEnough } from './PullToRefresh';

describe('pull-to-refresh', () => {
  it('refreshes only for a pull that started at the top and went far enough', () => {
    expect(pulledFarEnough(true, PULL_THRESHOLD)).toBe(true);
    expect(pulledFarEnough(true, PULL_THRESHOLD - 1)).toBe(false);
    expect(pulledFarEnough(false, PULL_THRESHOLD * 2)).toBe(false);
  });
});
