import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyTaps, DEFAULT_TAP_RULE, freshTapState, type TapRule, tapStateAt } from './taps';

const rule: TapRule = { maxEnergy: 10, regenMs: 1_000, pointPerTap: 5n, dailyCap: 25, maxBatch: 8 };
const DAY = '2026-03-10';

describe('tap energy', () => {
  it('regenerates one unit per regenMs up to the maximum, keeping the unit under way', () => {
    const empty = { energy: 0, energyAt: 0, day: DAY, tappedToday: 0 };
    expect(tapStateAt(empty, 2_500, DAY, rule)).toMatchObject({ energy: 2, energyAt: 2_000 });
    expect(tapStateAt(tapStateAt(empty, 2_500, DAY, rule), 3_000, DAY, rule)).toMatchObject({ energy: 3 });
    expect(tapStateAt(empty, 60_000, DAY, rule)).toMatchObject({ energy: 10, energyAt: 60_000 });
    // A clock that went backwards regenerates nothing.
    expect(tapStateAt({ ...empty, energyAt: 5_000 }, 1_000, DAY, rule)).toMatchObject({ energy: 0 });
  });

  it('accepts at most the batch limit, the energy and what is left of the day', () => {
    const start = freshTapState(0, DAY, rule);
    const first = applyTaps(start, 100, 0, DAY, rule);
    expect(first).toMatchObject({ accepted: 8, earned: 40n, state: { energy: 2, tappedToday: 8 } });
    expect(applyTaps(first.state, 8, 0, DAY, rule).accepted).toBe(2);
    const nearCap = { energy: 10, energyAt: 0, day: DAY, tappedToday: 23 };
    expect(applyTaps(nearCap, 8, 0, DAY, rule).accepted).toBe(2);
    expect(applyTaps(nearCap, 8, 0, '2026-03-11', rule)).toMatchObject({ accepted: 8, state: { tappedToday: 8, day: '2026-03-11' } });
    expect(applyTaps(start, 0, 0, DAY, rule)).toMatchObject({ accepted: 0, earned: 0n });
    expect(() => applyTaps(start, -1, 0, DAY, rule)).toThrow(RangeError);
  });

  it('never pays more than the energy regenerated plus the starting energy, whatever the client claims', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ wait: fc.integer({ min: 0, max: 5_000 }), taps: fc.integer({ min: 0, max: 50 }) }), { maxLength: 60 }),
        (batches) => {
          let state = freshTapState(0, DAY, rule);
          let now = 0;
          let accepted = 0;
          for (const batch of batches) {
            now += batch.wait;
            const outcome = applyTaps(state, batch.taps, now, DAY, rule);
            state = outcome.state;
            accepted += outcome.accepted;
            expect(state.energy).toBeGreaterThanOrEqual(0);
            expect(state.energy).toBeLessThanOrEqual(rule.maxEnergy);
          }
          expect(accepted).toBeLessThanOrEqual(rule.maxEnergy + Math.floor(now / rule.regenMs));
          expect(accepted).toBeLessThanOrEqual(rule.dailyCap);
        },
      ),
    );
  });

  it('has sensible defaults: 500 energy, one back every 2 s, 2000 taps a day', () => {
    expect(DEFAULT_TAP_RULE).toMatchObject({ maxEnergy: 500, regenMs: 2_000, dailyCap: 2_000 });
  });
});
