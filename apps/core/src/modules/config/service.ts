import { APP_VERSION, APP_VERSION_CODE, AppError, isTimeZone } from '@prism/domain';
import type { Database, Executor } from '../../db/client';
import { cached } from '../../platform/cached';
import { configDefaults } from './defaults';
import { sysConfig } from './schema';

export interface ConfigService {
  /** A public setting's value; unknown or private keys are refused. */
  getPublic(key: string): Promise<string>;
  /** Any setting's value, or the fallback when unset. */
  get(key: string, fallback?: string): Promise<string>;
  set(key: string, value: string): Promise<void>;
  countryCodes(): Promise<string[]>;
  /** The IANA zone whose midnight turns the platform day; UTC when unset or invalid. */
  timeZone(): Promise<string>;
  downloadInfo(): Promise<{ url: string; version: string; versionCode: number }>;
}

export async function seedConfig(db: Database): Promise<void> {
  await db
    .insert(sysConfig)
    .values([...configDefaults])
    .onConflictDoNothing({ target: sysConfig.key });
}

/** Every setting with its description and visibility, by key: the operator's list (read fresh, not from the cache). */
export async function listSettings(db: Executor) {
  return db.select().from(sysConfig).orderBy(sysConfig.key);
}

/**
 * Settings are read from an in-process copy of the whole (small) table, at most CONFIG_CACHE_MS
 * old and dropped by `set` here: every request reads several and they change only by an
 * operator's hand. Another worker's `set` is seen within CONFIG_CACHE_MS. `fixed` holds public
 * values that come from the process's configuration instead (DEV_OUTBOX: whether /core/dev/outbox
 * is served, so that the app mentions it only where it exists).
 */
export function createConfigService(db: Database, publicUrl: string, fixed: Readonly<Record<string, string>> = {}): ConfigService {
  const table = cached(async () => {
    const rows = await db.select({ key: sysConfig.key, value: sysConfig.value, isPublic: sysConfig.isPublic }).from(sysConfig);
    return new Map(rows.map((row) => [row.key, row]));
  });
  const get = async (key: string, fallback = '') => (await table.get()).get(key)?.value ?? fallback;
  return {
    async getPublic(key) {
      // Facts of this process's own configuration (not operator settings): public, read-only.
      const own = Object.hasOwn(fixed, key) ? fixed[key] : undefined;
      if (own !== undefined) return own;
      const row = (await table.get()).get(key);
      if (!row?.isPublic) throw new AppError('CONFIG_KEY_UNKNOWN');
      return row.value;
    },
    get,
    async set(key, value) {
      await db
        .insert(sysConfig)
        .values({ key, value })
        .onConflictDoUpdate({ target: sysConfig.key, set: { value, updatedAt: new Date() } });
      table.invalidate();
    },
    async countryCodes() {
      return (await get('COUNTRY_CODE', '91'))
        .split(',')
        .map((code) => code.trim())
        .filter((code) => /^\d{1,4}$/.test(code));
    },
    async timeZone() {
      const zone = (await get('PLATFORM_TIME_ZONE', 'UTC')).trim();
      return isTimeZone(zone) ? zone : 'UTC';
    },
    async downloadInfo() {
      return { url: (await get('DOWNLOAD_URL')) || publicUrl, version: APP_VERSION, versionCode: APP_VERSION_CODE };
    },
  };
}
