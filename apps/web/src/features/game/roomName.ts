import type { GameLevel } from '@prism/domain';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A room's name in the reader's language, from its session length ("1 min",
 * "10 s"). The server's levelName ("1 Min") is English text chosen by an
 * operator, so the app names rooms by what defines them, their duration.
 */
export function roomLength(sessionSeconds: number): { unit: 'minutes' | 'seconds'; n: number } {
  return sessionSeconds >= 60 && sessionSeconds % 60 === 0
    ? { unit: 'minutes', n: sessionSeconds / 60 }
    : { unit: 'seconds', n: sessionSeconds };
}

export function useRoomName(): (room: Pick<GameLevel, 'sessionSeconds'>) => string {
  const { t } = useTranslation();
  return useCallback(
    (room) => {
      const { unit, n } = roomLength(room.sessionSeconds);
      return unit === 'minutes' ? t('game.roomMinutes', { n }) : t('game.roomSeconds', { n });
    },
    [t],
  );
}
