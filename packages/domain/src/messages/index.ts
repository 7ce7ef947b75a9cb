import type { ErrorKey } from '../errorCatalogue';
import type { ValidationKey } from '../errors';
import { DEFAULT_LOCALE, isolate, isRtl, type Locale } from '../locales';
import { ar } from './ar';
import { enUS } from './en-US';
import { fa } from './fa';
import { vi } from './vi';
import { zhTW } from './zh-TW';

export type MessageKey = ErrorKey | ValidationKey;
export type MessageTable = Record<MessageKey, string>;
/**
 * A language's texts come in two modules, one home each: the validation messages (validation/<locale>.ts,
 * what the web's login page needs) and the error catalogue's (catalogue/<locale>.ts, the web's pages
 * beyond login); <locale>.ts joins them. English's are validationMessages and errorCatalogue.
 */
export type ValidationTable = Record<ValidationKey, string>;
/** The operators' messages are English in every language (operatorEnglish.ts): not in a language's catalogue part. */
export type CatalogueTable = Record<Exclude<ErrorKey, `OPERATOR_${string}`>, string>;

/** Every server-side message in every language; the web merges these into its i18n resources. */
export const messageTables: Record<Locale, MessageTable> = { 'en-US': enUS, 'zh-TW': zhTW, vi, fa, ar };

/** Values some messages carry: `{{wait}}` is a duration in seconds, written out in the reader's language. */
export interface MessageParams {
  waitSeconds?: number;
  /** A self-exclusion's end, already formatted. */
  until?: string;
  /** A deposit limit's remaining amount ("25.00"). */
  remaining?: string;
}

export function translateMessage(key: MessageKey, locale: Locale, params: MessageParams = {}): string {
  const text = messageTables[locale][key] ?? messageTables[DEFAULT_LOCALE][key];
  const waited = params.waitSeconds === undefined ? text : text.replaceAll('{{wait}}', formatWait(params.waitSeconds, locale));
  // In a right-to-left sentence a date or an amount is isolated, so it keeps its own order.
  const value = (text: string | undefined) => (text && isRtl(locale) ? isolate(text) : (text ?? ''));
  return waited.replaceAll('{{until}}', value(params.until)).replaceAll('{{remaining}}', value(params.remaining));
}

/** "45 seconds", "3 minutes" (rounded up, never 0), in the locale's words and digits. */
export function formatWait(seconds: number, locale: Locale): string {
  const whole = Math.max(1, Math.ceil(seconds));
  const [unit, value] = whole < 60 ? (['second', whole] as const) : (['minute', Math.ceil(whole / 60)] as const);
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}
export * from './telegram';
