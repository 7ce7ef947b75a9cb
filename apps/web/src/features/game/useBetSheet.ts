import { type BetName, type GameLevel, offeredBetCoins, offeredCoinOr } from '@prism/domain';
import { useCallback, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api';
import { isolate } from '../../lib/bidi';
import { useSysCfgValue } from '../../lib/config';
import { useIntent } from '../../lib/intent';
import { formatAmount } from '../../lib/money';
import { haptics, useClosingConfirmation } from '../../lib/native';
import { useThrottled } from '../../lib/throttle';
import { toast } from '../../lib/toast';
import { usePlaceBet } from './api/betting';
import type { TimedSession } from './api/session';
import { type BetForm, betTotal, checkBetForm } from './betForm';
import { useBetLabel } from './betLabel';
import { betSheetReducer, initialBetSheet } from './betSheet';
import { type GamePlayCoin, readCoin, writeCoin } from './prefs';

/**
 * The bet sheet of one room: its state (betSheet.ts), the coin kept on this
 * device, and confirm: the form is checked, then sent once per intent
 * (Idempotency-Key), and the answer shown in the sheet or as a toast.
 */
export function useBetSheet(room: GameLevel, session: TimedSession | undefined, bettingOpen: boolean) {
  const { t } = useTranslation();
  const label = useBetLabel();
  const [state, dispatch] = useReducer(betSheetReducer, undefined, () => initialBetSheet(room.betMultiple, readCoin()));
  // The operator's bet coins (only coins a user can hold); a remembered coin no longer offered falls back.
  const coins = offeredBetCoins(useSysCfgValue('GAME_BET_COINS'));
  const coin = offeredCoinOr(state.coin, coins);
  const placeBet = usePlaceBet();
  const intent = useIntent();
  // An open sheet holds a bet being made: Telegram asks before closing, and a swipe cannot lose it.
  useClosingConfirmation(state.open);

  const choose = useCallback((betName: BetName) => {
    haptics.selection();
    dispatch({ type: 'choose', betName });
  }, []);
  const edit = useCallback((form: BetForm) => {
    haptics.selection();
    dispatch({ type: 'edit', form });
  }, []);
  const close = useCallback(() => dispatch({ type: 'close' }), []);
  const chooseCoin = useCallback((coin: GamePlayCoin) => {
    haptics.selection();
    writeCoin(coin);
    dispatch({ type: 'coin', coin });
  }, []);

  const confirm = useThrottled(() => {
    const { form } = state;
    const problem = checkBetForm(form, room, bettingOpen && session !== undefined);
    dispatch({ type: 'checked', problem });
    if (problem) haptics.error();
    if (problem || !session) return;
    const totalBetAmount = betTotal(form.baseAmount, form.multiples);
    const input = {
      gameSessionId: session.id,
      betName: form.betName,
      baseAmount: formatAmount(form.baseAmount),
      betMultiples: form.multiples,
      totalBetAmount,
      coin,
    };
    placeBet.mutate(
      { input, idempotencyKey: intent.keyFor(input) },
      {
        onSuccess: () => {
          intent.settle();
          haptics.impact('medium');
          dispatch({ type: 'placed', multiples: room.betMultiple });
          toast(t('game.betPlaced', { bet: label(input.betName), amount: isolate(`${totalBetAmount} ${coin}`) }));
        },
        onError: (error) => {
          intent.settle(error);
          haptics.error();
          dispatch({ type: 'failed', message: errorMessage(error) });
        },
      },
    );
  });

  return { ...state, coin, coins, pending: placeBet.isPending, choose, edit, chooseCoin, confirm, close };
}
