import { parseWeekDays } from '@prism/domain';

/** The open days: undefined for every day, otherwise the weekdays' short names in `locale` ("Mon, Tue"). */
export function openDaysOf(weekDays: string, locale: string): string | undefined {
  const days = parseWeekDays(weekDays);
  if (!days || days.length === 7) return undefined;
  const name = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
  // 2024-01-01 was a Monday (day 1).
  return days.map((day) => name.format(new Date(Date.UTC(2024, 0, day)))).join(', ');
}
