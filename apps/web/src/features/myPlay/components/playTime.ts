import type { TFunction } from 'i18next';

/** "45 min" or "2 h 15 min": time in the game, whole quarter hours. */
export function formatPlayTime(t: TFunction, minutes: number): string {
  if (minutes < 60) return t('myPlay.minutes', { n: minutes });
  return t('myPlay.hours', { h: Math.floor(minutes / 60), m: minutes % 60 });
}
