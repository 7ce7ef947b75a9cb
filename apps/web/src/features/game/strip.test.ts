import { coloursOf, type GameResult, type GameSessionResult, sizeOf } from '@prism/domain';
import { describe, expect, it } from 'vitest';
import { PREVIOUS_DRAWS, previousDrawString, previousDraws } from './strip';

function result(id: number, value: GameResult | null): GameSessionResult {
  return {
    id,
    periodId: `2026112310${String(id).padStart(4, '0')}`,
    level: 1,
    lotteryResult: value,
    colours: value === null ? [] : coloursOf(value),
    size: value === null ? null : sizeOf(value),
    status: value === null ? 'void' : 'settled',
    seed: null,
    commitment: 'c',
    beaconName: 'local',
    beaconRound: 1,
    beaconValue: null,
    beaconSignature: null,
    drawTime: null,
  };
}

describe('the previous-draw strip', () => {
  const results = [result(9, 3), result(8, 0), result(7, null), result(6, 5), result(5, 8), result(4, 1), result(3, 2)];

  it('takes the first 5 results, newest first, with their colours', () => {
    const balls = previousDraws(results);
    expect(PREVIOUS_DRAWS).toBe(5);
    expect(balls.map((ball) => ball.id)).toEqual([9, 8, 7, 6, 5]);
    expect(balls[1]).toMatchObject({ lotteryResult: 0, colours: ['Red', 'Violet'] });
    expect(balls[3]).toMatchObject({ lotteryResult: 5, colours: ['Green', 'Violet'], size: 'Big' });
  });

  it('builds the previous draw string from the first 5 results, a void session as a dash', () => {
    expect(previousDrawString(results)).toBe('3 0 - 5 8');
  });

  it('is empty before any draw, and short while fewer than 5 exist', () => {
    expect(previousDraws(undefined)).toEqual([]);
    expect(previousDrawString([])).toBe('');
    expect(previousDrawString(results.slice(0, 2))).toBe('3 0');
  });
});
