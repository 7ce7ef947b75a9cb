import { getLocale } from './locale';

/** "22 Nov 2026, 18:40" in the app's language; an unreadable time is shown as sent. */
export function formatDateTime(iso: string | null | undefined, locale: string = getLocale()): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
