import type { GameSessionResult } from '@prism/domain';

/** The previous draws shown above the bets: the first 5 results of the room, newest first (specification point 9). */
export const PREVIOUS_DRAWS = 5;

export type DrawBall = Pick<GameSessionResult, 'id' | 'periodId' | 'lotteryResult' | 'colours' | 'size' | 'status'>;

export function previousDraws(results: readonly GameSessionResult[] | undefined, count: number = PREVIOUS_DRAWS): DrawBall[] {
  return (results ?? []).slice(0, count).map(({ id, periodId, lotteryResult, colours, size, status }) => ({
    id,
    periodId,
    lotteryResult,
    colours,
    size,
    status,
  }));
}

/** The previous draw string: "3 8 0 5 1" (a void session shows "-"), for a screen reader's one-line summary. */
export function previousDrawString(results: readonly GameSessionResult[] | undefined, count: number = PREVIOUS_DRAWS): string {
  return previousDraws(results, count)
    .map((ball) => (ball.lotteryResult === null ? '-' : String(ball.lotteryResult)))
    .join(' ');
}
