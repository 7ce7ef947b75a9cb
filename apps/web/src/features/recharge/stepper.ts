import { formatMoney, type Money, money, parseMoney, type RechargeAmountList, STEPPER } from '@prism/domain';

/** The recharge stepper's range and step, in minor units. */
export interface StepperBounds {
  min: Money;
  max: Money;
  step: Money;
}

const DEFAULT_BOUNDS: StepperBounds = { min: money(STEPPER.min), max: money(STEPPER.max), step: money(STEPPER.step) };

const read = (text: string | undefined, fallback: Money) => {
  const parsed = parseMoney(text ?? '');
  return parsed.ok && parsed.value > 0n ? parsed.value : fallback;
};

/** The server's bounds (amountList), or the specification's 1000-50000 step 1000 where it says nothing usable. */
export function stepperBounds(list: Pick<RechargeAmountList, 'min' | 'max' | 'step'> | undefined): StepperBounds {
  const min = read(list?.min, DEFAULT_BOUNDS.min);
  const max = read(list?.max, DEFAULT_BOUNDS.max);
  const step = read(list?.step, DEFAULT_BOUNDS.step);
  return max >= min ? { min, max, step } : DEFAULT_BOUNDS;
}

export const canStepDown = (value: Money, bounds: StepperBounds) => value > bounds.min;
export const canStepUp = (value: Money, bounds: StepperBounds) => value < bounds.max;

/** Into the range (an amount typed outside it lands on the nearer end). */
export function clampAmount(value: Money, bounds: StepperBounds): Money {
  if (value < bounds.min) return bounds.min;
  if (value > bounds.max) return bounds.max;
  return value;
}

/** One step up or down, never past the range; an amount between steps moves to the next step of the grid. */
export function stepAmount(value: Money, direction: 1 | -1, bounds: StepperBounds): Money {
  const offset = value - bounds.min;
  const remainder = ((offset % bounds.step) + bounds.step) % bounds.step;
  let next: Money;
  if (direction === 1) next = value - remainder + bounds.step;
  else next = remainder === 0n ? value - bounds.step : value - remainder;
  return clampAmount(next, bounds);
}

/** The stepper's text for an amount ("1000", "1250.50"). */
export function stepperText(value: Money): string {
  return formatMoney(value).replace(/\.00$/, '');
}
