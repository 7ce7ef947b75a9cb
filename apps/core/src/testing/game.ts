import type { GameSession } from '@prism/domain';
import type { TestContext } from './harness';

/**
 * Moves the test clock 1 s past the next multiple of `stepMs` (a new minute by default, a new
 * quarter hour with 900_000) and answers room 1's session there, as the game screen reads it.
 */
export async function nextGameSession(ctx: TestContext, stepMs = 60_000): Promise<GameSession> {
  const now = ctx.clock.now().getTime();
  ctx.clock.set(new Date((Math.floor(now / stepMs) + 1) * stepMs + 1_000));
  return (await ctx.api.get<GameSession>('/app/game/luckyLottery/getSession', { level: '1' })).result;
}
