import { ApiError } from '@prism/client';
import { describe, expect, it } from 'vitest';
import { retryAfterOf } from './api';
import { type CooldownStorage, countdownEnd, createCooldownStore, secondsLeft } from './countdown';

describe('code countdown', () => {
  it('counts 60 s by default', () => {
    const end = countdownEnd(1_000);
    expect(end).toBe(61_000);
    expect(secondsLeft(end, 1_000)).toBe(60);
    expect(secondsLeft(end, 1_001)).toBe(60);
    expect(secondsLeft(end, 2_000)).toBe(59);
    expect(secondsLeft(end, 60_999)).toBe(1);
    expect(secondsLeft(end, 61_000)).toBe(0);
    expect(secondsLeft(end, 99_000)).toBe(0);
  });

  it('is idle before a code was sent', () => {
    expect(secondsLeft(null, 5)).toBe(0);
  });

  it("waits longer when the server's resend time is longer", () => {
    expect(countdownEnd(0, 60, 90)).toBe(90_000);
    expect(countdownEnd(0, 60, 30)).toBe(60_000);
    expect(countdownEnd(0, 60, Number.NaN)).toBe(60_000);
  });
});

describe('the send-code cooldown store', () => {
  const memory = (): CooldownStorage & { items: Map<string, string> } => {
    const items = new Map<string, string>();
    return { items, getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) };
  };

  it('remembers the end per purpose and target, across a page left and opened again (a new store on the same storage)', () => {
    const storage = memory();
    const first = createCooldownStore(() => storage);
    first.set('register:91:9876543210', 61_000, 1_000);
    expect(first.endOf('register:91:9876543210', 20_000)).toBe(61_000);
    expect(first.endOf('register:91:9876543211', 20_000)).toBeNull();
    const reloaded = createCooldownStore(() => storage);
    expect(secondsLeft(reloaded.endOf('register:91:9876543210', 20_000), 20_000)).toBe(41);
    expect(reloaded.endOf('register:91:9876543210', 61_000)).toBeNull();
  });

  it('drops ended cooldowns when writing, and works without storage or with garbage in it', () => {
    const storage = memory();
    const store = createCooldownStore(() => storage);
    store.set('a', 10_000, 0);
    store.set('b', 90_000, 50_000);
    expect(Object.keys(JSON.parse(storage.items.get('prism.codeCooldowns') ?? '{}'))).toEqual(['b']);
    storage.items.set('prism.codeCooldowns', '{not json');
    expect(createCooldownStore(() => storage).endOf('b', 0)).toBeNull();
    const none = createCooldownStore(() => undefined);
    none.set('x', 5_000, 0);
    expect(none.endOf('x', 1_000)).toBe(5_000);
  });

  it("reads the server's wait from a too-soon refusal", () => {
    expect(
      retryAfterOf(new ApiError(11007, 'Please wait 42 seconds before requesting another code', 'business', { retryAfterSeconds: 42 })),
    ).toBe(42);
    expect(retryAfterOf(new ApiError(11004, 'The verification code is incorrect', 'business', null))).toBeUndefined();
    expect(retryAfterOf(new Error('x'))).toBeUndefined();
  });
});
