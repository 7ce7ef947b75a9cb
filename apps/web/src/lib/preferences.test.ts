import { describe, expect, it } from 'vitest';
import { mergePreferences, within } from './preferences';
import { cloudKeyOf, isSyncedKey, localKeyOf } from './storage';

// Telegram's rule for CloudStorage keys.
const CLOUD_KEY = /^[A-Za-z0-9_-]{1,128}$/;

describe('synced keys', () => {
  it('syncs the preferences and never the token', () => {
    for (const key of ['prism.locale', 'prism.theme', 'prism.game.coin', 'prism.game.acknowledged.3']) expect(isSyncedKey(key)).toBe(true);
    for (const key of ['prism.token', 'prism.game.acknowledged.', 'prism.game.acknowledged.x', 'prism.themes', 'other.theme'])
      expect(isSyncedKey(key)).toBe(false);
  });

  it('maps every synced key to a key CloudStorage accepts, and back', () => {
    for (const key of ['prism.locale', 'prism.theme', 'prism.game.coin', 'prism.game.acknowledged.123456789']) {
      const cloud = cloudKeyOf(key);
      expect(cloud).toMatch(CLOUD_KEY);
      expect(localKeyOf(cloud)).toBe(key);
    }
    expect(cloudKeyOf('prism.theme')).toBe('prism_theme');
  });

  it('ignores cloud keys that are not ours', () => {
    expect(localKeyOf('prism_token')).toBeUndefined();
    expect(localKeyOf('someone_else')).toBeUndefined();
  });
});

describe('mergePreferences', () => {
  it('a new device takes the cloud values', () => {
    expect(mergePreferences({}, { prism_theme: 'dark', prism_locale: 'ar' })).toEqual({
      toLocal: { 'prism.theme': 'dark', 'prism.locale': 'ar' },
      toCloud: {},
    });
  });

  it('the cloud wins over this device', () => {
    const merge = mergePreferences({ 'prism.theme': 'light', 'prism.game.coin': 'GOLD' }, { prism_theme: 'dark', prism_game_coin: 'GOLD' });
    expect(merge).toEqual({ toLocal: { 'prism.theme': 'dark' }, toCloud: {} });
  });

  it('a value only this device has goes up; an empty cloud value counts as missing', () => {
    const merge = mergePreferences({ 'prism.locale': 'vi', 'prism.game.acknowledged.2': '41' }, { prism_locale: '' });
    expect(merge).toEqual({ toLocal: {}, toCloud: { prism_locale: 'vi', prism_game_acknowledged_2: '41' } });
  });

  it('for a room’s acknowledged result the later session wins, on either side', () => {
    expect(mergePreferences({ 'prism.game.acknowledged.1': '90' }, { prism_game_acknowledged_1: '75' })).toEqual({
      toLocal: {},
      toCloud: { prism_game_acknowledged_1: '90' },
    });
    expect(mergePreferences({ 'prism.game.acknowledged.1': '75' }, { prism_game_acknowledged_1: '90' })).toEqual({
      toLocal: { 'prism.game.acknowledged.1': '90' },
      toCloud: {},
    });
  });

  it('leaves keys that are not ours alone', () => {
    expect(mergePreferences({}, { prism_token: 'x', other: 'y' })).toEqual({ toLocal: {}, toCloud: {} });
  });
});

describe('within', () => {
  it('gives the answer when it comes in time', async () => {
    await expect(within(Promise.resolve('cloud'), 50, 'late')).resolves.toBe('cloud');
  });

  it('gives up after the timeout, and on a failure', async () => {
    await expect(within(new Promise<string>(() => {}), 5, 'late')).resolves.toBe('late');
    await expect(within(Promise.reject(new Error('no')), 50, 'failed')).resolves.toBe('failed');
  });
});
