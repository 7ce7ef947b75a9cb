/**
 * Sessions follow the clock: a level with sessions of S seconds (S divides a
 * day) has session i of a UTC day from midnight + i x S to midnight + (i+1) x S,
 * betting closed for its last C seconds. The period id is the UTC date, the
 * level and the index in the day (5 digits): 20261122 + 1 + 00789 -> "20261122100789", so
 * anyone can check which session a time belongs to.
 */
export interface SessionTiming {
  level: number;
  sessionSeconds: number;
  betCloseSeconds: number;
}

export interface SessionWindow {
  periodId: string;
  index: number;
  startAt: Date;
  betEndAt: Date;
  endAt: Date;
}

const DAY_MS = 86_400_000;

export function isValidTiming(timing: SessionTiming): boolean {
  const { sessionSeconds, betCloseSeconds, level } = timing;
  return (
    Number.isInteger(level) &&
    level >= 1 &&
    level <= 9 &&
    Number.isInteger(sessionSeconds) &&
    sessionSeconds >= 2 &&
    86_400 % sessionSeconds === 0 &&
    Number.isInteger(betCloseSeconds) &&
    betCloseSeconds >= 1 &&
    betCloseSeconds < sessionSeconds
  );
}

function periodIdOf(day: Date, level: number, index: number): string {
  const date = day.toISOString().slice(0, 10).replaceAll('-', '');
  return `${date}${level}${String(index).padStart(5, '0')}`;
}

/** The session that contains `at`. */
export function sessionAt(at: Date, timing: SessionTiming): SessionWindow {
  const dayStart = Math.floor(at.getTime() / DAY_MS) * DAY_MS;
  const index = Math.floor((at.getTime() - dayStart) / (timing.sessionSeconds * 1000));
  return windowOf(new Date(dayStart), index, timing);
}

function windowOf(day: Date, index: number, timing: SessionTiming): SessionWindow {
  const startAt = new Date(day.getTime() + index * timing.sessionSeconds * 1000);
  const endAt = new Date(startAt.getTime() + timing.sessionSeconds * 1000);
  return {
    periodId: periodIdOf(day, timing.level, index),
    index,
    startAt,
    betEndAt: new Date(endAt.getTime() - timing.betCloseSeconds * 1000),
    endAt,
  };
}

/** The session that starts when `session` ends. */
export function nextSession(session: SessionWindow, timing: SessionTiming): SessionWindow {
  return sessionAt(session.endAt, timing);
}

/** Parses a period id back into its window (for verification). */
export function sessionOfPeriod(periodId: string, timing: SessionTiming): SessionWindow | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})(\d)(\d{5})$/.exec(periodId);
  if (!match || Number(match[4]) !== timing.level) return undefined;
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  const index = Number(match[5]);
  if (index >= 86_400 / timing.sessionSeconds) return undefined;
  return windowOf(day, index, timing);
}

/**
 * The name a room gets when the operator gives none ("1 Min", "90 s"). The app shows such a room
 * by its duration in the reader's language instead; a name the operator chose is shown as written.
 */
export function defaultRoomName(sessionSeconds: number): string {
  return sessionSeconds >= 60 && sessionSeconds % 60 === 0 ? `${sessionSeconds / 60} Min` : `${sessionSeconds} s`;
}

/** Whether a room still has a default name (this rule's, or the "<seconds> s" rooms were given before it). */
export function hasDefaultRoomName(room: { levelName: string; sessionSeconds: number }): boolean {
  const name = room.levelName.trim();
  return name === '' || name === defaultRoomName(room.sessionSeconds) || name === `${room.sessionSeconds} s`;
}
