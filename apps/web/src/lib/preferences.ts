import { cloudKeyOf, FIXED_SYNCED_KEYS, isAcknowledgedKey, localKeyOf, readStored, storedSyncedKeys, writeLocal } from './storage';
import { hasTelegramCloud, telegramCloud } from './telegram';

/**
 * The user's preferences across devices (docs/telegram.md, CloudStorage): inside Telegram the
 * synced keys of lib/storage.ts are kept in Telegram's CloudStorage too. At start-up,
 * hydratePreferences() copies them into localStorage before anything reads them (theme,
 * language, the game's coin), so a new device starts in the user's theme and language.
 */

/** A slow client must not hold the first page back: past this the app starts with what this device has. */
export const HYDRATE_TIMEOUT_MS = 300;

export interface PreferenceMerge {
  /** localStorage key -> value to store on this device. */
  toLocal: Record<string, string>;
  /** CloudStorage key -> value to send up. */
  toCloud: Record<string, string>;
}

/** Which of two values of `key` is kept: the later acknowledged session, else the cloud's (the latest choice on any device). */
function winner(key: string, local: string, cloud: string): string {
  if (isAcknowledgedKey(key)) return Number(local) > Number(cloud) ? local : cloud;
  return cloud;
}

/**
 * The merge rule, over the keys asked for: a value in the cloud wins (a new device has none of
 * its own), except that for a room's last acknowledged result the later session wins; a value
 * only this device has goes up (chosen before the app synced, or while Telegram did not answer).
 * Telegram answers "" for a missing key.
 */
export function mergePreferences(local: Record<string, string>, cloud: Record<string, string>): PreferenceMerge {
  const merge: PreferenceMerge = { toLocal: {}, toCloud: {} };
  for (const [cloudKey, value] of Object.entries(cloud)) {
    const key = localKeyOf(cloudKey);
    if (!key || value === '') continue;
    const mine = local[key];
    const kept = mine === undefined ? value : winner(key, mine, value);
    if (kept !== mine) merge.toLocal[key] = kept;
    if (kept !== value) merge.toCloud[cloudKey] = kept;
  }
  for (const [key, value] of Object.entries(local)) {
    const cloudKey = cloudKeyOf(key);
    if (!cloud[cloudKey]) merge.toCloud[cloudKey] = value;
  }
  return merge;
}

/** Resolves with `fallback` when `work` takes longer than `ms` (the work itself is not stopped). */
export function within<T>(work: Promise<T>, ms: number, fallback: T): Promise<T> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(fallback), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      () => {
        clearTimeout(timer);
        resolve(fallback);
      },
    );
  });
}

type Cloud = NonNullable<ReturnType<typeof telegramCloud>>;

/** Merges the cloud's values of `keys` (localStorage keys) with this device's, and writes both sides. */
function apply(cloud: Cloud, keys: readonly string[], values: Record<string, string>): void {
  const local: Record<string, string> = {};
  for (const key of keys) {
    const value = readStored(key);
    if (value !== null) local[key] = value;
  }
  const { toLocal, toCloud } = mergePreferences(local, values);
  for (const [key, value] of Object.entries(toLocal)) writeLocal(key, value);
  for (const [cloudKey, value] of Object.entries(toCloud)) {
    cloud.set(cloudKey, value).catch(() => {
      // Sent again at the next start.
    });
  }
}

/**
 * The rooms' acknowledged results, which no start-up step reads (only the game page, later):
 * their keys are listed first (one room each), so this takes two requests and is not waited for.
 */
async function hydrateAcknowledged(cloud: Cloud): Promise<void> {
  const cloudKeys = (await cloud.keys()).filter((key) => isAcknowledgedKey(localKeyOf(key) ?? ''));
  const values = cloudKeys.length > 0 ? await cloud.get(cloudKeys) : {};
  const keys = new Set([...storedSyncedKeys().filter(isAcknowledgedKey), ...cloudKeys.map((key) => localKeyOf(key) ?? '')]);
  apply(cloud, [...keys], values);
}

/** Call once after initTelegram() and before initTheme() / initI18n(); a no-op outside Telegram. */
export async function hydratePreferences(timeoutMs: number = HYDRATE_TIMEOUT_MS): Promise<void> {
  const cloud = hasTelegramCloud() ? telegramCloud() : undefined;
  if (!cloud) return;
  hydrateAcknowledged(cloud).catch(() => {
    // Telegram failed: this device keeps its own; the next start tries again.
  });
  // What start-up reads, in one request. A late answer is dropped: this start goes on with this device's values.
  const values = await within(cloud.get(FIXED_SYNCED_KEYS.map(cloudKeyOf)), timeoutMs, undefined);
  if (values) apply(cloud, FIXED_SYNCED_KEYS, values);
}
