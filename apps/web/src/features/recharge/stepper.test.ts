import { describe, expect, it } from 'vitest';
import { canStepDown, canStepUp, clampAmount, stepAmount, stepperBounds, stepperText } from './stepper';

const bounds = stepperBounds(undefined);

describe('recharge stepper', () => {
  it('defaults to 1000-50000 step 1000 and reads the server bounds', () => {
    expect(bounds).toEqual({ min: 100_000n, max: 5_000_000n, step: 100_000n });
    expect(stepperBounds({ min: '500.00', max: '2000.00', step: '500.00' })).toEqual({ min: 50_000n, max: 200_000n, step: 50_000n });
    expect(stepperBounds({ min: 'x', max: '0', step: '' })).toEqual(bounds);
    expect(stepperBounds({ min: '3000', max: '2000', step: '1000' })).toEqual(bounds);
  });
  it('blocks minus at the minimum and plus at the maximum', () => {
    expect(canStepDown(100_000n, bounds)).toBe(false);
    expect(canStepUp(100_000n, bounds)).toBe(true);
    expect(canStepUp(5_000_000n, bounds)).toBe(false);
    expect(canStepDown(5_000_000n, bounds)).toBe(true);
    expect(stepAmount(100_000n, -1, bounds)).toBe(100_000n);
    expect(stepAmount(5_000_000n, 1, bounds)).toBe(5_000_000n);
  });
  it('steps by 1000 and snaps a typed amount onto the grid', () => {
    expect(stepAmount(100_000n, 1, bounds)).toBe(200_000n);
    expect(stepAmount(200_000n, -1, bounds)).toBe(100_000n);
    expect(stepAmount(150_050n, 1, bounds)).toBe(200_000n);
    expect(stepAmount(150_050n, -1, bounds)).toBe(100_000n);
  });
  it('clamps into the range', () => {
    expect(clampAmount(1n, bounds)).toBe(100_000n);
    expect(clampAmount(9_000_000n, bounds)).toBe(5_000_000n);
    expect(clampAmount(300_000n, bounds)).toBe(300_000n);
  });
  it('shows whole amounts without decimals', () => {
    expect(stepperText(100_000n)).toBe('1000');
    expect(stepperText(125_050n)).toBe('1250.50');
  });
});
