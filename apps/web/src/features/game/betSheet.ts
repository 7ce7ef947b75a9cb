import type { BetName } from '@prism/domain';
import { type BetCheck, type BetForm, resetBetForm } from './betForm';
import type { GamePlayCoin } from './prefs';

/**
 * The bet sheet's state: whether it is open, the form, the coin, and the two
 * messages about the last confirm (what the form lacked, or the server's
 * answer). A message is about what was confirmed, so any change to what would
 * be sent (form or coin) clears it: 'Insufficient balance' for GOLD must not
 * stay on screen once CHIP is chosen.
 */
export interface BetSheetState {
  open: boolean;
  form: BetForm;
  coin: GamePlayCoin;
  problem: BetCheck | undefined;
  failure: string | undefined;
}

export type BetSheetAction =
  | { type: 'choose'; betName: BetName }
  | { type: 'edit'; form: BetForm }
  | { type: 'coin'; coin: GamePlayCoin }
  | { type: 'checked'; problem: BetCheck | undefined }
  | { type: 'failed'; message: string }
  | { type: 'placed'; multiples: readonly number[] }
  | { type: 'close' };

export function initialBetSheet(multiples: readonly number[], coin: GamePlayCoin): BetSheetState {
  return { open: false, form: resetBetForm(multiples), coin, problem: undefined, failure: undefined };
}

const fresh = { problem: undefined, failure: undefined } as const;

export function betSheetReducer(state: BetSheetState, action: BetSheetAction): BetSheetState {
  switch (action.type) {
    case 'choose':
      return { ...state, ...fresh, open: true, form: { ...state.form, betName: action.betName } };
    case 'edit':
      return { ...state, ...fresh, form: action.form };
    case 'coin':
      return action.coin === state.coin ? state : { ...state, ...fresh, coin: action.coin };
    case 'checked':
      return { ...state, problem: action.problem, failure: undefined };
    case 'failed':
      return { ...state, failure: action.message };
    case 'placed':
      return { ...state, ...fresh, open: false, form: resetBetForm(action.multiples) };
    case 'close':
      return { ...state, open: false };
  }
}
