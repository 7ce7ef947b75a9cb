import { type GameLevel, hasDefaultRoomName } from '@prism/domain';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A room's name in the reader's language, from its session length ("1 min",
 * "10 s"), while the room has its default English name ("1 Min"); a name the
 * operator chose ("VIP") is shown as written.
 */
export function roomLength(sessionSeconds: number): { unit: 'minutes' | 'seconds'; n: number } {
  return sessionSeconds >= 60 && sessionSeconds % 60 === 0
    ? { unit: 'minutes', n: sessionSeconds / 60 }
    : { unit: 'seconds', n: sessionSeconds };
}

export function useRoomName(): (room: Pick<GameLevel, 'sessionSeconds' | 'levelName'>) => string {
  const { t } = useTranslation();
  return useCallback(
    (room) => {
      if (!hasDefaultRoomName(room)) return room.levelName;
      const { unit, n } = roomLength(room.sessionSeconds);
      return unit === 'minutes' ? t('game.roomMinutes', { n }) : t('game.roomSeconds', { n });
    },
    [t],
  );
}
