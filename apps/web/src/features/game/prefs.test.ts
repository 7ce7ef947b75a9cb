import { describe, expect, it } from 'vitest';
import { isSyncedKey } from '../../lib/storage';
import { ACK_KEY, COIN_KEY } from './prefs';

describe('game preferences', () => {
  it('follow a Telegram user across devices (lib/storage lists them as synced keys)', () => {
    expect(isSyncedKey(COIN_KEY)).toBe(true);
    expect(isSyncedKey(`${ACK_KEY}.1`)).toBe(true);
    expect(isSyncedKey(`${ACK_KEY}.42`)).toBe(true);
  });
});
