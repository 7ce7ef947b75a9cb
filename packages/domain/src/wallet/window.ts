/**
 * The withdrawal window: open days 1 (Monday) to 7 (Sunday) and hours, in a
 * time zone (default 08:00-17:00 Europe/London, specification point 9).
 */
export interface OpeningWindow {
  /** "HH:MM-HH:MM"; an end before the start wraps past midnight. */
  startAndEndTime: string;
  /** Comma-separated 1-7 (1 = Monday). */
  weekDays: string;
  timeZone: string;
}

const WEEKDAY_NUMBER: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };
const RANGE = /^([01]\d|2[0-3]):([0-5]\d)-([01]\d|2[0-3]|24):([0-5]\d)$/;

export function parseTimeRange(range: string): { start: number; end: number } | undefined {
  const match = RANGE.exec(range.trim());
  if (!match) return undefined;
  const [, sh, sm, eh, em] = match.map(Number) as [number, number, number, number, number];
  const end = eh * 60 + em;
  if (end > 24 * 60) return undefined;
  return { start: sh * 60 + sm, end };
}

export function parseWeekDays(text: string): number[] | undefined {
  const days = text
    .split(',')
    .map((d) => d.trim())
    .filter(Boolean);
  if (days.length === 0 || days.some((d) => !/^[1-7]$/.test(d))) return undefined;
  return [...new Set(days.map(Number))].sort();
}

/** Local weekday (1-7) and minute of the day of `now` in `timeZone`. */
export function localClock(now: Date, timeZone: string): { weekDay: number; minute: number } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { weekDay: WEEKDAY_NUMBER[part('weekday')] ?? 0, minute: Number(part('hour')) * 60 + Number(part('minute')) };
}

export function isWithinWindow(now: Date, window: OpeningWindow): boolean {
  const range = parseTimeRange(window.startAndEndTime);
  const days = parseWeekDays(window.weekDays);
  if (!range || !days) return false;
  const { weekDay, minute } = localClock(now, window.timeZone);
  if (range.start === range.end) return days.includes(weekDay);
  if (range.start < range.end) return days.includes(weekDay) && minute >= range.start && minute < range.end;
  // Overnight window: the part after midnight belongs to the previous day's opening.
  if (minute >= range.start) return days.includes(weekDay);
  const previous = weekDay === 1 ? 7 : weekDay - 1;
  return minute < range.end && days.includes(previous);
}

/** The calendar day ("YYYY-MM-DD") of `now` in `timeZone`: daily caps count per local day. */
export function localDate(now: Date, timeZone: string): string {
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    if (dateFormats.size < 1_000) dateFormats.set(timeZone, format);
  }
  return format.format(now);
}

/** Building an Intl.DateTimeFormat costs far more than using one: one per zone, kept (zones are few). */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const knownZones = new Set<string>();

/** Whether `zone` is an IANA time zone this runtime knows ("Europe/London", "UTC"). */
export function isTimeZone(zone: string): boolean {
  if (zone.length === 0) return false;
  if (knownZones.has(zone)) return true;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    if (knownZones.size < 1_000) knownZones.add(zone);
    return true;
  } catch {
    return false;
  }
}
