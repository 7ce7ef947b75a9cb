/**
 * Calendar days as "YYYY-MM-DD" strings in the platform's time zone (see
 * `localDate`). Arithmetic is done on the date alone, at UTC noon, so daylight
 * saving never moves a day.
 */
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const date = new Date(`${value}T12:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** The calendar day `days` after `date` (negative goes back). */
export function addDays(date: string, days: number): string {
  if (!isCalendarDate(date)) throw new RangeError(`not a calendar date: ${date}`);
  const at = new Date(`${date}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (positive when `to` is later). */
export function daysBetween(from: string, to: string): number {
  if (!isCalendarDate(from) || !isCalendarDate(to)) throw new RangeError(`not calendar dates: ${from}, ${to}`);
  return Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000);
}

/**
 * The days a once-a-day job still owes, oldest first: from the day after the
 * last one done (or `yesterday` on a first run) up to `yesterday`, at most the
 * last `maxDays` of them (a long outage is caught up that far back).
 */
export function daysToCatchUp(lastDone: string | undefined, yesterday: string, maxDays: number): string[] {
  const earliest = addDays(yesterday, -(maxDays - 1));
  let day = lastDone ? addDays(lastDone, 1) : yesterday;
  if (day < earliest) day = earliest;
  const out: string[] = [];
  for (; day <= yesterday; day = addDays(day, 1)) out.push(day);
  return out;
}
