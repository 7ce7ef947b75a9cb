import { hasTelegramCloud, telegramCloud } from './telegram';

/**
 * localStorage that never throws: private windows and some WebViews refuse
 * storage, and the app must still run (it just forgets on reload).
 *
 * Inside Telegram the user's preferences (the synced keys below) are also
 * written to Telegram's CloudStorage, so they follow the user to another
 * device; lib/preferences.ts copies them back at start-up. In a browser only
 * localStorage is used.
 */
export function readStored(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: string | null): void {
  const changed = readStored(key) !== value;
  writeLocal(key, value);
  // An unchanged value (the locale written again at every start) costs Telegram no request.
  if (changed && isSyncedKey(key)) writeCloud(key, value);
}

/** localStorage only: hydration copies cloud values here without writing them back. */
export function writeLocal(key: string, value: string | null): void {
  try {
    if (value === null) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, value);
  } catch {
    // Storage refused: keep working in memory only.
  }
}

/**
 * The preferences that follow a Telegram user across devices: language, theme, the game coin
 * and the last acknowledged result per room (features/game/prefs.ts keeps those two; its test
 * checks that they stay synced). The token is never synced: it belongs to this device.
 */
export const FIXED_SYNCED_KEYS = ['prism.locale', 'prism.locale.settled', 'prism.theme', 'prism.game.coin'] as const;
const ACKNOWLEDGED = /^prism\.game\.acknowledged\.\d{1,9}$/;

export function isSyncedKey(key: string): boolean {
  return (FIXED_SYNCED_KEYS as readonly string[]).includes(key) || isAcknowledgedKey(key);
}

/** The last acknowledged result of a room: a session id, so the larger one is the later. */
export function isAcknowledgedKey(key: string): boolean {
  return ACKNOWLEDGED.test(key);
}

/**
 * CloudStorage keys are 1-128 characters of A-Z a-z 0-9 _ -: "prism.theme" is stored as
 * "prism_theme". No synced key contains "_", so the mapping goes both ways.
 */
export function cloudKeyOf(key: string): string {
  return key.replaceAll('.', '_');
}

/** The localStorage key of a CloudStorage key, or undefined for a key that is not one of ours. */
export function localKeyOf(cloudKey: string): string | undefined {
  const key = cloudKey.replaceAll('_', '.');
  return isSyncedKey(key) ? key : undefined;
}

/** The synced keys this device holds in localStorage. */
export function storedSyncedKeys(): string[] {
  try {
    const storage = globalThis.localStorage;
    if (!storage) return [];
    const keys: string[] = [];
    for (let index = 0; index < storage.length; index++) {
      const key = storage.key(index);
      if (key && isSyncedKey(key)) keys.push(key);
    }
    return keys;
  } catch {
    return [];
  }
}

/** Fire and forget: a failed cloud write leaves this device's value, and the cloud keeps its older one. */
function writeCloud(key: string, value: string | null): void {
  if (!hasTelegramCloud()) return;
  const cloud = telegramCloud();
  if (!cloud) return;
  const done = value === null ? cloud.remove(cloudKeyOf(key)) : cloud.set(cloudKeyOf(key), value);
  done.catch(() => {
    // Telegram refused or failed: this device still has the value.
  });
}
