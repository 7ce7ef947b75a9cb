import type { TapAnswer } from '@prism/domain';
import { describe, expect, it } from 'vitest';
import { afterAnswer, afterRefusal, afterTap, canTap, energyOf, pointOf, startBatch, type TapView, tappedTodayOf } from './tapper';

const answer = (over: Partial<TapAnswer> = {}): TapAnswer => ({
  accepted: 0,
  earned: '0.00',
  replayed: false,
  energy: 3,
  maxEnergy: 10,
  regenSeconds: 2,
  tappedToday: 0,
  dailyCap: 5,
  pointPerTap: '0.01',
  point: '1.00',
  ...over,
});
const view = (over: Partial<TapView> = {}): TapView => ({ server: answer(), answeredAt: 0, pending: 0, ...over });

describe('the tap screen model', () => {
  it('counts taps at once, and stops when the energy shown is spent', () => {
    let v = view();
    for (let i = 0; i < 3; i++) v = afterTap(v);
    expect(energyOf(v, 0)).toBe(0);
    expect(canTap(v, 0)).toBe(false);
    expect(pointOf(v)).toBe('1.03');
    expect(canTap(v, 2_000)).toBe(true); // one unit regenerated meanwhile
    expect(energyOf(view(), 60_000)).toBe(10);
  });

  it('stops at the daily cap', () => {
    const v = view({ server: answer({ energy: 10, tappedToday: 4 }) });
    expect(canTap(v, 0)).toBe(true);
    expect(canTap(afterTap(v), 0)).toBe(false);
  });

  it('sends pending taps as one batch, keeps it for a resend, and takes the server answer', () => {
    let v = afterTap(afterTap(view()));
    v = startBatch(v, 'b1');
    expect(v).toMatchObject({ pending: 0, inFlight: { batchId: 'b1', count: 2 } });
    expect(startBatch(afterTap(v), 'b2').inFlight?.batchId).toBe('b1'); // one batch at a time
    expect(tappedTodayOf(v)).toBe(2);
    v = afterAnswer(v, answer({ energy: 2, tappedToday: 1, point: '1.01', accepted: 1 }), 500);
    expect(v.inFlight).toBeUndefined();
    expect(energyOf(v, 500)).toBe(2);
    expect(pointOf(v)).toBe('1.01'); // the server accepted one of the two
    expect(afterRefusal(startBatch(afterTap(v), 'b3')).inFlight).toBeUndefined();
  });
});
