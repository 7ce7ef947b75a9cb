import { describe, expect, it } from 'vitest';
import { type BetSheetAction, type BetSheetState, betSheetReducer, initialBetSheet } from './betSheet';

const MULTIPLES = [1, 5, 10];
const run = (actions: BetSheetAction[], start: BetSheetState = initialBetSheet(MULTIPLES, 'GOLD')) =>
  actions.reduce(betSheetReducer, start);

describe('the bet sheet state', () => {
  it('clears a stale "Insufficient balance" when another coin is chosen', () => {
    const failed = run([
      { type: 'choose', betName: 'Green' },
      { type: 'failed', message: 'Insufficient balance' },
    ]);
    expect(failed.failure).toBe('Insufficient balance');
    const switched = betSheetReducer(failed, { type: 'coin', coin: 'CHIP' });
    expect(switched).toMatchObject({ coin: 'CHIP', failure: undefined, problem: undefined, open: true });
    // Choosing the coin already chosen changes nothing, so the answer about it stays.
    expect(betSheetReducer(failed, { type: 'coin', coin: 'GOLD' }).failure).toBe('Insufficient balance');
  });

  it('clears the messages on any edit of the form, and keeps the form when closed', () => {
    const checked = run([
      { type: 'choose', betName: 'Red' },
      { type: 'checked', problem: 'chooseBase' },
    ]);
    expect(checked.problem).toBe('chooseBase');
    const edited = betSheetReducer(checked, { type: 'edit', form: { ...checked.form, baseAmount: '10' } });
    expect(edited).toMatchObject({ problem: undefined, failure: undefined, form: { baseAmount: '10', betName: 'Red' } });
    expect(betSheetReducer(edited, { type: 'close' })).toMatchObject({ open: false, form: { baseAmount: '10' } });
  });

  it('a new confirm replaces an old failure; a placed bet closes the sheet and resets the form, keeping the coin', () => {
    const failed = run([
      { type: 'choose', betName: '7' },
      { type: 'failed', message: 'Error Session' },
    ]);
    expect(betSheetReducer(failed, { type: 'checked', problem: undefined }).failure).toBeUndefined();
    const placed = run(
      [
        { type: 'edit', form: { betName: '7', baseAmount: '10', multiples: 5 } },
        { type: 'placed', multiples: MULTIPLES },
      ],
      failed,
    );
    expect(placed).toMatchObject({
      open: false,
      coin: 'GOLD',
      failure: undefined,
      form: { betName: 'Red', baseAmount: '0', multiples: 1 },
    });
  });
});
