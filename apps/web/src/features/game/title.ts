import type { GameSession } from '@prism/domain';

/** The session's title with its period id set apart ("10 s · " + period), or the title as sent when it does not end with the period id. */
export function splitTitle(session: Pick<GameSession, 'gameTitle' | 'periodId'>): { prefix: string; periodInTitle: boolean } {
  const { gameTitle, periodId } = session;
  return periodId && gameTitle.endsWith(periodId)
    ? { prefix: gameTitle.slice(0, gameTitle.length - periodId.length), periodInTitle: true }
    : { prefix: gameTitle, periodInTitle: false };
}
