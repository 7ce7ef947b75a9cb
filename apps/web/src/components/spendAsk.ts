import type { Asset, Money } from '@prism/domain';
import { useCallback, useState } from 'react';

/** What an action spends: the amount, its coin, and the balance it is paid from as the server last sent it. */
export interface Spend {
  amount: Money;
  coin: Asset;
  /** The wire balance of `coin` (user info). */
  balance: string | undefined;
}

/** A spend waiting for the user's confirmation: what it is, and what Confirm runs. */
export interface SpendAsked {
  spend: Spend;
  what: string;
  onConfirm: () => void;
}

/**
 * The state of a spend's confirmation, without its sheet (SpendConfirm.tsx draws it): hooks that
 * hold a form's state ask with it, and the form's component shows SpendConfirmSheet while `asked`.
 */
export function useSpendAsk() {
  const [asked, setAsked] = useState<SpendAsked>();
  const ask = useCallback((spend: Spend, what: string, onConfirm: () => void) => setAsked({ spend, what, onConfirm }), []);
  const close = useCallback(() => setAsked(undefined), []);
  return { ask, asked, open: Boolean(asked), close };
}

export type SpendAsk = ReturnType<typeof useSpendAsk>;
