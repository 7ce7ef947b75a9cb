import { describe, expect, it } from 'vitest';
import { createThrottle } from './throttle';

describe('createThrottle', () => {
  it('lets one click through per second', () => {
    let now = 10_000;
    const pass = createThrottle(1000, () => now);
    expect(pass()).toBe(true);
    now += 500;
    expect(pass()).toBe(false);
    now += 499;
    expect(pass()).toBe(false);
    now += 1;
    expect(pass()).toBe(true);
  });
});
