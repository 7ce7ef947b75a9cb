import { describe, expect, it } from 'vitest';
import {
  betTotal,
  canStepMultiples,
  checkBetForm,
  INITIAL_BET_FORM,
  multipleSteps,
  resetBetForm,
  snapMultiples,
  stepMultiples,
} from './betForm';

const LIST = [1, 5, 10, 20, 50, 100];
const room = { betBaseAmount: ['1.00', '10.00', '100.00'], betMultiple: LIST };

describe('the bet form', () => {
  it('starts and resets at base 0 (none chosen), multiples 1, Red', () => {
    expect(INITIAL_BET_FORM).toEqual({ betName: 'Red', baseAmount: '0', multiples: 1 });
    expect(resetBetForm(LIST)).toEqual({ betName: 'Red', baseAmount: '0', multiples: 1 });
    // A room without 1 in its list starts at its smallest multiple, never below 1.
    expect(resetBetForm([5, 10]).multiples).toBe(5);
  });

  it('steps the multiples through the room list, one entry per tap', () => {
    expect(stepMultiples(1, 1, LIST)).toBe(5);
    expect(stepMultiples(5, 1, LIST)).toBe(10);
    expect(stepMultiples(10, -1, LIST)).toBe(5);
    expect(stepMultiples(5, -1, LIST)).toBe(1);
  });

  it('steps by exactly 1 when the room lists consecutive multiples', () => {
    const consecutive = [1, 2, 3, 4];
    expect(stepMultiples(1, 1, consecutive)).toBe(2);
    expect(stepMultiples(3, -1, consecutive)).toBe(2);
  });

  it('never goes below 1 nor past the largest multiple', () => {
    expect(stepMultiples(1, -1, LIST)).toBe(1);
    expect(canStepMultiples(1, -1, LIST)).toBe(false);
    expect(stepMultiples(100, 1, LIST)).toBe(100);
    expect(canStepMultiples(100, 1, LIST)).toBe(false);
    expect(canStepMultiples(5, 1, LIST)).toBe(true);
    expect(canStepMultiples(5, -1, LIST)).toBe(true);
    // Zero, negative and fractional entries are not multiples.
    expect(multipleSteps([0, -1, 2.5, 3, 3, 1])).toEqual([1, 3]);
    expect(multipleSteps([])).toEqual([1]);
  });

  it('moves a value between entries to the neighbouring entries of the list', () => {
    expect(snapMultiples(7, LIST)).toBe(10);
    expect(snapMultiples(500, LIST)).toBe(100);
    expect(stepMultiples(7, 1, LIST)).toBe(10);
    expect(stepMultiples(7, -1, LIST)).toBe(5);
  });

  it('computes total = base x multiples in exact decimals', () => {
    expect(betTotal('10.00', 5)).toBe('50.00');
    expect(betTotal('1', 1)).toBe('1.00');
    expect(betTotal('0.10', 3)).toBe('0.30');
    expect(betTotal('100000.00', 100)).toBe('10000000.00');
    expect(betTotal('0', 10)).toBe('0.00');
    expect(betTotal('10', 0)).toBe('0.00');
    expect(betTotal('oops', 5)).toBe('0.00');
  });

  it('asks for a base amount from the list and a listed multiple while betting is open', () => {
    expect(checkBetForm(INITIAL_BET_FORM, room, true)).toBe('chooseBase');
    expect(checkBetForm({ ...INITIAL_BET_FORM, baseAmount: '10.00' }, room, false)).toBe('bettingClosed');
    expect(checkBetForm({ ...INITIAL_BET_FORM, baseAmount: '7' }, room, true)).toBe('baseNotListed');
    expect(checkBetForm({ ...INITIAL_BET_FORM, baseAmount: '10', multiples: 3 }, room, true)).toBe('multiplesNotListed');
    expect(checkBetForm({ betName: 'Green', baseAmount: '10', multiples: 5 }, room, true)).toBeUndefined();
  });
});
