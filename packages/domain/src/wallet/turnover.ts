import type { Asset } from '../constants';
import type { WalletCurrency } from '../contracts/wallet';
import type { Money } from '../money';
import { convert } from './exchange';

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

/** A pool is named after its home coin: one of the wallet currencies. */
export type TurnoverPool = WalletCurrency;

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

/** The platform's exchange rate from one coin to another ("to per one from", RATE_SCALE), if it has one. */
export type RateOf = (from: Asset, to: Asset) => bigint | undefined;

/**
 * What `amount` of `coin` is worth in `home` at the platform's own exchange rate: the pair straight
 * to `home`, else through CHIP (the game's coin), each step rounded down as an exchange rounds;
 * `home` itself at par; a coin the platform gives no rate for is worth nothing here. SQL twin:
 * prism_coin_value (migration 0023); game/stakeTurnover.api.test.ts compares the two.
 */
export function valueIn(coin: Asset, amount: Money, home: Asset, rateOf: RateOf): Money {
  if (coin === home) return amount;
  const direct = rateOf(coin, home);
  if (direct !== undefined) return convert(amount, direct);
  const toChip = rateOf(coin, 'CHIP');
  const chipToHome = rateOf('CHIP', home);
  if (toChip === undefined || chipToHome === undefined) return 0n;
  return convert(convert(amount, toChip), chipToHome);
}

/**
 * What a stake counts toward its pool's turnover: its value in the pool's home coin (valueIn). So
 * 100 POINT (0.01 CHIP each) frees what 1 CASH of bets frees, not 100. place_bet does the same.
 */
export function stakeTurnover(coin: Asset, stake: Money, rateOf: RateOf): Money {
  return valueIn(coin, stake, TURNOVER_POOL[coin], rateOf);
}

/** A bet's turnover (stakeTurnover of its stake) counts toward its coin's pool, as the game's bet statement does in SQL. */
export function bookAfterBet(book: TurnoverBook, coin: Asset, turnover: Money): TurnoverBook {
  const home = TURNOVER_POOL[coin];
  const state = book[home] ?? EMPTY;
  return { ...book, [home]: { ...state, done: state.done + turnover } };
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
 * The lock follows the money: the exchanged amount takes the held (locked)
 * part of the balance first, so the free part stays free where it is (an
 * exchange of the user's only free 0.10 used to leave it locked behind); the
 * locked part moves to the target at the exchange's own ratio (received /
 * amount, rounded up) together with its share of the requirement, so no path
 * through exchanges frees money that was not bet.
 */
export function bookAfterExchange(book: TurnoverBook, move: ExchangeMove): Record<Asset, TurnoverState> {
  const settled = settleTurnover(book);
  const { kept, carried } = splitLock(settled[move.from], move.amount, move.balance, 'lockedFirst');
  if (carried.principal === 0n || move.amount <= 0n) return settled;
  const arriving = ceilDiv(carried.principal * move.received, move.amount);
  const target = settled[move.to];
  return {
    ...settled,
    [move.from]: kept,
    [move.to]: {
      required: target.required + ceilDiv(carried.required * arriving, carried.principal),
      principal: target.principal + arriving,
      done: 0n,
    },
  };
}

/** A lock on its way from one place to another: the locked money and the turnover that frees it. */
export interface CarriedLock {
  principal: Money;
  required: Money;
}

export const NO_LOCK: CarriedLock = { principal: 0n, required: 0n };

/**
 * `amount` leaves a (settled) state whose balance is `balance`. Within one
 * user's hands (an exchange) it takes the locked part first, so free money is
 * never spent while held money is there; given to another user it takes the
 * free part first (the receiver gets free money when the giver has it). The
 * locked part leaves with its share of the requirement: the share carried
 * rounds up and the share kept is the rest, so the two never free anything.
 */
function splitLock(
  source: TurnoverState,
  amount: Money,
  balance: Money,
  order: 'lockedFirst' | 'freeFirst',
): { kept: TurnoverState; carried: CarriedLock } {
  const locked = source.principal;
  const moved = order === 'lockedFirst' ? amount : atLeastZero(amount - atLeastZero(balance - locked));
  const lockMoved = moved < locked ? moved : locked;
  if (lockMoved <= 0n || amount <= 0n) return { kept: source, carried: NO_LOCK };
  const kept = { required: source.required - (source.required * lockMoved) / locked, principal: locked - lockMoved, done: 0n };
  return {
    kept: kept.principal === 0n ? EMPTY : kept,
    carried: { principal: lockMoved, required: ceilDiv(source.required * lockMoved, locked) },
  };
}

/**
 * Value given to another user (a power gift, any future transfer): the lock
 * leaves the giver with the money, free part first as in an exchange, and
 * travels with it (`carried`) to arrive where the money arrives
 * (bookAfterReceiving). Without this a gift launders a recharge: the giver's
 * lock stays behind on an empty balance and the receiver gets the money free.
 */
export function bookAfterGiving(
  book: TurnoverBook,
  asset: Asset,
  amount: Money,
  balance: Money,
): { book: Record<Asset, TurnoverState>; carried: CarriedLock } {
  const settled = settleTurnover(book);
  const { kept, carried } = splitLock(settled[asset], amount, balance, 'freeFirst');
  return { book: { ...settled, [asset]: kept }, carried };
}

/**
 * A carried lock arrives with its money: a new requirement, with nothing of
 * the receiver's earlier turnover counted toward it (surplus is never kept).
 */
export function bookAfterReceiving(book: TurnoverBook, asset: Asset, carried: CarriedLock): Record<Asset, TurnoverState> {
  const settled = settleTurnover(book);
  if (carried.principal <= 0n) return settled;
  const target = settled[asset];
  return {
    ...settled,
    [asset]: {
      // A lock always has a requirement; at least one unit of bets frees it.
      required: target.required + (carried.required > 0n ? carried.required : 1n),
      principal: target.principal + carried.principal,
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

/**
 * The withdrawal page's breakdown of one balance, from the server's figures.
 * The parts add up to the balance exactly: `withdrawable + heldByTurnover =
 * balance`. The turnover lock is counted on recharged money, not on coins in
 * hand, so it can be larger than the balance (money bet and lost under a
 * multiple above 1, or away in power packages, deposits or advisor orders,
 * which comes back); the part beyond the balance is `lockBeyondBalance`, not a
 * part of the balance: it holds money that arrives (rewards included) until
 * bets free it. Rewards have no rule of their own: they arrive free.
 */
export interface WithdrawBreakdown {
  balance: Money;
  /** Free: may leave now (withdrawableOfBook). */
  withdrawable: Money;
  /** The part of the balance the turnover rule holds (never more than the balance). */
  heldByTurnover: Money;
  /** Bets (in the pool's home coin) that free the whole lock; 0 without a lock. */
  betsNeeded: Money;
  /** The lock counted beyond the balance (0 when the balance covers it). */
  lockBeyondBalance: Money;
}

export function withdrawBreakdown(book: TurnoverBook, asset: Asset, balance: Money): WithdrawBreakdown {
  const inHand = atLeastZero(balance);
  const { locked, needed } = turnoverHold(book, asset);
  const heldByTurnover = locked < inHand ? locked : inHand;
  return {
    balance: inHand,
    withdrawable: inHand - heldByTurnover,
    heldByTurnover,
    betsNeeded: needed,
    lockBeyondBalance: locked - heldByTurnover,
  };
}

/**
 * An operator waives a user's turnover requirement on one asset (a turnover waiver, audited): the
 * asset's lock is gone, the pool's bets done so far still count toward its other members' locks.
 */
export function bookAfterWaiver(book: TurnoverBook, asset: Asset): Record<Asset, TurnoverState> {
  return { ...settleTurnover(book), [asset]: EMPTY };
}

/**
 * The operator changed a pool's multiple (`betLimitRechargeMultiple4Withdraw`
 * of CASH or USDT): money already held needs no more than the new multiple
 * times itself in bets, so lowering it frees money at once and 0 frees the
 * whole pool. Raising it changes nothing already held (only later recharges).
 */
export function bookAfterMultiple(book: TurnoverBook, pool: TurnoverPool, multipleBps: number): Record<Asset, TurnoverState> {
  const settled = settleTurnover(book);
  const next = { ...settled };
  for (const asset of POOL_MEMBERS[pool]) {
    const state = settled[asset];
    const cap = ceilDiv(state.principal * BigInt(multipleBps), 10_000n);
    if (cap >= state.required) continue;
    next[asset] = cap <= 0n ? EMPTY : { required: cap, principal: state.principal, done: 0n };
  }
  return next;
}
