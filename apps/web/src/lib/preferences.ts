import { cloudKeyOf, localKeyOf, readStored, storedSyncedKeys, writeLocal } from './storage';
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
  /** localStorage key -> value to store on this device (the cloud's). */
  toLocal: Record<string, string>;
  /** CloudStorage key -> value to send up (kept on this device only so far). */
  toCloud: Record<string, string>;
}

/**
 * The merge rule: a value in the cloud wins (it is the user's latest choice on any device, and a
 * new device has none of its own); a value only this device has goes up to the cloud (chosen
 * before the app synced, or while Telegram did not answer). Telegram answers "" for a missing key.
 */
export function mergePreferences(local: Record<string, string>, cloud: Record<string, string>): PreferenceMerge {
  const merge: PreferenceMerge = { toLocal: {}, toCloud: {} };
  for (const [cloudKey, value] of Object.entries(cloud)) {
    const key = localKeyOf(cloudKey);
    if (key && value !== '' && local[key] !== value) merge.toLocal[key] = value;
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

async function readCloud(): Promise<Record<string, string> | undefined> {
  const cloud = telegramCloud();
  if (!cloud) return undefined;
  const ours = (await cloud.keys()).filter((key) => localKeyOf(key) !== undefined);
  return ours.length > 0 ? cloud.get(ours) : {};
}

/** Call once after initTelegram() and before initTheme() / initI18n(); a no-op outside Telegram. */
export async function hydratePreferences(timeoutMs: number = HYDRATE_TIMEOUT_MS): Promise<void> {
  if (!hasTelegramCloud()) return;
  // A late answer is dropped: this start goes on with this device's values, the next one retries.
  const cloud = await within(readCloud(), timeoutMs, undefined);
  if (!cloud) return;
  const local: Record<string, string> = {};
  for (const key of storedSyncedKeys()) {
    const value = readStored(key);
    if (value !== null) local[key] = value;
  }
  const { toLocal, toCloud } = mergePreferences(local, cloud);
  for (const [key, value] of Object.entries(toLocal)) writeLocal(key, value);
  const target = telegramCloud();
  for (const [cloudKey, value] of Object.entries(toCloud)) {
    target?.set(cloudKey, value).catch(() => {
      // Sent again at the next start.
    });
  }
}
