import { APP_VERSION, APP_VERSION_CODE, isTimeZone } from '@prism/domain';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { AppError } from '../../http/errors';
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

export function createConfigService(db: Database, publicUrl: string): ConfigService {
  const get = async (key: string, fallback = '') => {
    const [row] = await db.select({ value: sysConfig.value }).from(sysConfig).where(eq(sysConfig.key, key));
    return row?.value ?? fallback;
  };
  return {
    async getPublic(key) {
      const [row] = await db
        .select({ value: sysConfig.value })
        .from(sysConfig)
        .where(and(eq(sysConfig.key, key), eq(sysConfig.isPublic, true)));
      if (!row) throw new AppError('CONFIG_KEY_UNKNOWN');
      return row.value;
    },
    get,
    async set(key, value) {
      await db
        .insert(sysConfig)
        .values({ key, value })
        .onConflictDoUpdate({ target: sysConfig.key, set: { value, updatedAt: new Date() } });
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
