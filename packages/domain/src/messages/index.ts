import { type ErrorKey, errorCatalogue, type ValidationKey, validationMessages } from '../errors';
import { DEFAULT_LOCALE, type Locale } from '../locales';
import { ar } from './ar';
import { fa } from './fa';
import { vi } from './vi';
import { zhTW } from './zh-TW';

export type MessageKey = ErrorKey | ValidationKey;
export type MessageTable = Record<MessageKey, string>;

const enUS = Object.fromEntries([
  ...Object.entries(errorCatalogue).map(([key, entry]) => [key, entry.message]),
  ...Object.entries(validationMessages),
]) as MessageTable;

/** Every server-side message in every language; the web merges these into its i18n resources. */
export const messageTables: Record<Locale, MessageTable> = { 'en-US': enUS, 'zh-TW': zhTW, vi, fa, ar };

export function translateMessage(key: MessageKey, locale: Locale): string {
  return messageTables[locale][key] ?? messageTables[DEFAULT_LOCALE][key];
}
