import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonical } from './run';

/** The general form the stored request hashes were made with (a replacer sorting every object's keys). */
const general = (value: unknown) =>
  JSON.stringify(value, (_k, v: unknown) => {
    if (typeof v === 'bigint') return v.toString();
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      return Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)));
    }
    return v;
  });

describe('canonical (the text an Idempotency-Key request hash is over)', () => {
  it('writes a bet form exactly as the general form did', () => {
    const bet = { gameSessionId: 12, betName: 'Big', baseAmount: 1000n, betMultiples: 1, totalBetAmount: 1000n, coin: 'CHIP' };
    expect(canonical(bet)).toBe(
      '{"baseAmount":"1000","betMultiples":1,"betName":"Big","coin":"CHIP","gameSessionId":12,"totalBetAmount":"1000"}',
    );
    expect(canonical(bet)).toBe(general(bet));
  });

  it('keeps the general form order for integer-like keys (an object lists them first)', () => {
    for (const input of [
      { '0': 0n, '': 0 },
      { b: 1, '10': 2, '2': 3, a: 4 },
    ])
      expect(canonical(input)).toBe(general(input));
  });

  it('agrees with the general form on any flat or nested input', () => {
    const scalar = fc.oneof(fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.bigInt(), fc.constant(null), fc.constant(undefined));
    const value = fc.oneof(
      fc.dictionary(fc.string(), scalar),
      fc.dictionary(fc.string(), fc.oneof(scalar, fc.array(scalar), fc.dictionary(fc.string(), scalar))),
    );
    fc.assert(
      fc.property(value, (v) => canonical(v) === general(v)),
      { numRuns: 2_000 },
    );
  });
});
