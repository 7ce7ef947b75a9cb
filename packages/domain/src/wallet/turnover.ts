import type { Money } from '../money';

/**
 * The withdrawal turnover rule (betLimitRechargeMultiple4Withdraw): each
 * recharge requires `multiple x amount` of bets before it can leave. The part
 * of the recharged principal still waiting for its turnover is locked.
 */
export interface TurnoverState {
  required: Money;
  principal: Money;
  done: Money;
}

export function lockedPrincipal(state: TurnoverState): Money {
  if (state.required <= 0n || state.done >= state.required) return 0n;
  return (state.principal * (state.required - state.done) + state.required - 1n) / state.required;
}

export function withdrawableBalance(balance: Money, state: TurnoverState): Money {
  const free = balance - lockedPrincipal(state);
  return free > 0n ? free : 0n;
}

/**
 * The state after a recharge. A requirement already met is settled first, so
 * old surplus turnover does not pre-pay new recharges. `multipleBps` is the
 * multiple in basis points (10000 = 1x).
 */
export function afterRecharge(state: TurnoverState, amount: Money, multipleBps: number): TurnoverState {
  const base = state.done >= state.required ? { required: 0n, principal: 0n, done: 0n } : state;
  return {
    required: base.required + (amount * BigInt(multipleBps)) / 10_000n,
    principal: base.principal + amount,
    done: base.done,
  };
}
