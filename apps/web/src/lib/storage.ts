/**
 * localStorage that never throws: private windows and some WebViews refuse
 * storage, and the app must still run (it just forgets on reload).
 */
export function readStored(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: string | null): void {
  try {
    if (value === null) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, value);
  } catch {
    // Storage refused: keep working in memory only.
  }
}
