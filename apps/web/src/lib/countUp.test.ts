import { describe, expect, it } from 'vitest';
import { amountAt } from './countUp';

describe('amountAt', () => {
  it('starts at the old amount and ends exactly at the new one', () => {
    expect(amountAt(100_000n, 250_075n, 0)).toBe(100_000n);
    expect(amountAt(100_000n, 250_075n, 1)).toBe(250_075n);
    expect(amountAt(100_000n, 250_075n, 1.2)).toBe(250_075n);
  });

  it('moves most of the way early (eased out), counting down as well as up', () => {
    const half = amountAt(0n, 1000n, 0.5);
    expect(half).toBe(875n);
    expect(amountAt(1000n, 0n, 0.5)).toBe(125n);
  });

  it('stays in whole minor units between', () => {
    expect(typeof amountAt(1n, 2n, 0.37)).toBe('bigint');
  });
});
