/**
 * A player's betting figures (getUserInfo's today's stake, income and win) are kept per user and
 * per quarter hour of UTC, not per platform day: the platform's time zone is an operator setting
 * (PLATFORM_TIME_ZONE) and may change, and every zone in use today is a whole number of quarter
 * hours from UTC, so the bounds of any platform day fall on quarter hours and a day's figures
 * are the sum of its quarters' rows, whatever the zone is now or was when the rows were written.
 */
export const FIGURE_QUARTER_SECONDS = 900;

/** The quarter hour (UTC) holding `instant`: what a stake placed or settled then is counted under. */
export function figureQuarter(instant: Date): Date {
  const ms = FIGURE_QUARTER_SECONDS * 1000;
  return new Date(Math.floor(instant.getTime() / ms) * ms);
}

/** Whether `instant` is the start of a quarter hour, so that a range from it reads whole quarters. */
export function isFigureQuarter(instant: Date): boolean {
  return instant.getTime() % (FIGURE_QUARTER_SECONDS * 1000) === 0;
}
