import type { Asset } from '../constants';
import type { Money } from '../money';

/**
 * The withdrawal turnover rule (betLimitRechargeMultiple4Withdraw): each
 * recharge requires `multiple x amount` of bets before it can leave. The part
 * of the recharged money still waiting for its turnover is locked, and the lock
 * travels with the money through exchanges: whatever path it takes, money that
 * was never wagered as required cannot be withdrawn (docs/money.md).
 *
 * One state per user and asset. `locked = principal x (required - done) / required`
 * (rounded up), so each unit of turnover frees principal/required of the lock.
 */
export interface TurnoverState {
  required: Money;
  principal: Money;
  done: Money;
}

/** Every asset may hold a state; a missing one is empty. */
export type TurnoverBook = Partial<Record<Asset, TurnoverState>>;

export type TurnoverPool = 'CASH' | 'USDT';

/** Where a coin's bets count (the game's rule): CHIP, GOLD and POINT toward CASH, USDT toward USDT. */
export const TURNOVER_POOL: Readonly<Record<Asset, TurnoverPool>> = {
  CASH: 'CASH',
  CHIP: 'CASH',
  GOLD: 'CASH',
  POINT: 'CASH',
  USDT: 'USDT',
};

/** The order in which a pool's turnover works off its members' requirements; bets count on the first (the home). */
const POOL_MEMBERS: Readonly<Record<TurnoverPool, readonly Asset[]>> = {
  CASH: ['CASH', 'CHIP', 'GOLD', 'POINT'],
  USDT: ['USDT'],
};

const EMPTY: TurnoverState = { required: 0n, principal: 0n, done: 0n };

const ceilDiv = (a: Money, b: Money): Money => (a + b - 1n) / b;
const atLeastZero = (value: Money): Money => (value > 0n ? value : 0n);

export function lockedPrincipal(state: TurnoverState): Money {
  if (state.required <= 0n || state.done >= state.required) return 0n;
  return ceilDiv(state.principal * (state.required - state.done), state.required);
}

export function withdrawableBalance(balance: Money, state: TurnoverState): Money {
  return atLeastZero(balance - lockedPrincipal(state));
}

/** The same lock with the turnover done folded in: done = 0, principal = what is still locked. */
function rebase(state: TurnoverState): TurnoverState {
  const locked = lockedPrincipal(state);
  return locked === 0n ? EMPTY : { required: state.required - state.done, principal: locked, done: 0n };
}

/**
 * Applies each pool's turnover (bets add to its home's `done`) to the pool's
 * requirements in order. Surplus is dropped, so bets never pre-pay a lock
 * that arrives later (a recharge, or locked money exchanged in).
 */
export function settleTurnover(book: TurnoverBook): Record<Asset, TurnoverState> {
  const next = {} as Record<Asset, TurnoverState>;
  for (const members of Object.values(POOL_MEMBERS)) {
    let surplus = 0n;
    for (const asset of members) {
      const own = book[asset] ?? EMPTY;
      const state = { ...own, done: own.done + surplus };
      surplus = atLeastZero(state.done - state.required);
      next[asset] = rebase(state);
    }
  }
  return next;
}

/** The state after a recharge of `amount` with the multiple in basis points (10000 = 1x). */
export function afterRecharge(state: TurnoverState, amount: Money, multipleBps: number): TurnoverState {
  const added = (amount * BigInt(multipleBps)) / 10_000n;
  const base = rebase(state);
  // No requirement, no lock: money recharged without a multiple is free at once.
  if (added <= 0n) return base;
  return { required: base.required + added, principal: base.principal + amount, done: 0n };
}

export function bookAfterRecharge(book: TurnoverBook, asset: Asset, amount: Money, multipleBps: number): Record<Asset, TurnoverState> {
  const settled = settleTurnover(book);
  return { ...settled, [asset]: afterRecharge(settled[asset], amount, multipleBps) };
}

/** A bet's stake counts toward its coin's pool (what the game's bet statement does in SQL). */
export function bookAfterBet(book: TurnoverBook, coin: Asset, stake: Money): TurnoverBook {
  const home = TURNOVER_POOL[coin];
  const state = book[home] ?? EMPTY;
  return { ...book, [home]: { ...state, done: state.done + stake } };
}

export interface ExchangeMove {
  from: Asset;
  to: Asset;
  amount: Money;
  received: Money;
  /** The balance of `from` before the exchange. */
  balance: Money;
}

/**
 * The lock follows the money: the exchanged amount takes the free part of the
 * balance first; the locked rest moves to the target at the exchange's own
 * ratio (received / amount, rounded up) together with its share of the
 * requirement, so no path through exchanges frees money that was not bet.
 */
export function bookAfterExchange(book: TurnoverBook, move: ExchangeMove): Record<Asset, TurnoverState> {
  const settled = settleTurnover(book);
  const source = settled[move.from];
  const locked = source.principal;
  const moved = atLeastZero(move.amount - atLeastZero(move.balance - locked));
  const lockMoved = moved < locked ? moved : locked;
  if (lockMoved === 0n || move.amount <= 0n) return settled;
  // Both shares of the requirement round up, so neither side frees its lock faster than the rule allows.
  const requiredMoved = ceilDiv(source.required * lockMoved, locked);
  const kept = { required: source.required - (source.required * lockMoved) / locked, principal: locked - lockMoved, done: 0n };
  const arriving = ceilDiv(lockMoved * move.received, move.amount);
  const target = settled[move.to];
  return {
    ...settled,
    [move.from]: kept.principal === 0n ? EMPTY : kept,
    [move.to]: {
      required: target.required + ceilDiv(requiredMoved * arriving, lockMoved),
      principal: target.principal + arriving,
      done: 0n,
    },
  };
}

/** The part of `balance` that may leave now. */
export function withdrawableOfBook(book: TurnoverBook, asset: Asset, balance: Money): Money {
  return withdrawableBalance(balance, settleTurnover(book)[asset]);
}

/**
 * What is still locked in `asset`, and the turnover (bets in its pool) still
 * needed to free it: the pool works off its members in order, so a member
 * waits for the requirements before it too.
 */
export function turnoverHold(book: TurnoverBook, asset: Asset): { locked: Money; needed: Money } {
  const settled = settleTurnover(book);
  const members = POOL_MEMBERS[TURNOVER_POOL[asset]];
  const before = members.slice(0, members.indexOf(asset) + 1);
  const locked = settled[asset].principal;
  return { locked, needed: locked === 0n ? 0n : before.reduce((sum, member) => sum + settled[member].required, 0n) };
}
