import { foldMyPlay, localDate, localDayBounds, type MyPlay, myPlayDates } from '@prism/domain';
import type { ProtectionServiceDeps } from './context';

/**
 * My play (docs/protection.md): the player's own activity statement over the last `days` platform
 * days. It lives in protection, beside the reality check that links to it, because it is a
 * responsible-play tool (an activity statement, not a game screen); the game module, which owns
 * the figure rows, hands its reader in through the composition root (as it does the recent bets).
 */
export async function myPlay(deps: ProtectionServiceDeps, userId: number, days: number): Promise<MyPlay> {
  const zone = await deps.config.timeZone();
  const dates = myPlayDates(localDate(deps.clock.now(), zone), days);
  const bounds = dates.map((date) => ({ date, ...localDayBounds(date, zone) }));
  return foldMyPlay(dates, await deps.playDays(deps.db, userId, bounds), zone);
}
