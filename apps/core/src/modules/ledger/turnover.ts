import {
  ASSETS,
  type Asset,
  bookAfterExchange,
  bookAfterGiving,
  bookAfterMultiple,
  bookAfterReceiving,
  bookAfterRecharge,
  bookAfterWaiver,
  type CarriedLock,
  type ExchangeMove,
  type Money,
  settleTurnover,
  TURNOVER_POOL,
  type TurnoverBook,
  type TurnoverPool,
  type TurnoverState,
  WALLET_CURRENCIES,
  withdrawableOfBook,
} from '@prism/domain';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { turnover } from './schema';

/**
 * Storage of the withdrawal turnover rule (the rule itself: packages/domain
 * wallet/turnover.ts). One row per user and asset; bets add their stake to
 * `done` of their pool's home row (CASH or USDT) in the game's bet statement,
 * and every other change is written here, inside the transaction that moves
 * the money and after its transfers (accounts are locked before turnover rows,
 * in the same order as a bet locks them, so the two cannot deadlock).
 */

/** The pools' home rows (one per wallet currency): bets count on them. */
const HOMES = WALLET_CURRENCIES;

/**
 * One money-out operation at a time per user (withdrawals and exchanges), so
 * neither can pass its checks on a balance or lock that the other is changing.
 */
export async function lockMoneyOut(tx: Executor, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`money-out:${userId}`}))`);
}

async function readBook(db: Executor, userId: number, forUpdate: boolean): Promise<TurnoverBook> {
  const query = db.select().from(turnover).where(eq(turnover.userId, userId));
  const rows = forUpdate ? await query.for('update') : await query;
  const book: TurnoverBook = {};
  for (const row of rows) {
    if ((ASSETS as readonly string[]).includes(row.currency))
      book[row.currency as Asset] = { required: row.required, principal: row.principal, done: row.done };
  }
  return book;
}

/** The user's book, its rows locked until commit (a bet's turnover waits instead of being lost). */
async function lockedBook(tx: Executor, userId: number): Promise<TurnoverBook> {
  await tx
    .insert(turnover)
    .values(HOMES.map((currency) => ({ userId, currency })))
    .onConflictDoNothing();
  return readBook(tx, userId, true);
}

const same = (a: TurnoverState | undefined, b: TurnoverState) =>
  a !== undefined && a.required === b.required && a.principal === b.principal && a.done === b.done;
const empty = (state: TurnoverState) => state.required === 0n && state.principal === 0n && state.done === 0n;

async function saveBook(tx: Executor, userId: number, before: TurnoverBook, after: Record<Asset, TurnoverState>): Promise<void> {
  for (const asset of ASSETS) {
    const state = after[asset];
    if (same(before[asset], state) || (before[asset] === undefined && empty(state))) continue;
    await tx
      .insert(turnover)
      .values({ userId, currency: asset, ...state })
      .onConflictDoUpdate({ target: [turnover.userId, turnover.currency], set: state });
  }
}

/** A recharge of `amount` adds its lock and requirement to the asset credited. */
export async function recordRechargeTurnover(
  tx: Executor,
  userId: number,
  asset: Asset,
  amount: Money,
  multipleBps: number,
): Promise<void> {
  const book = await lockedBook(tx, userId);
  await saveBook(tx, userId, book, bookAfterRecharge(book, asset, amount, multipleBps));
}

/** An exchange carries the locked part of its amount, and its requirement, to the coin bought. */
export async function recordExchangeTurnover(tx: Executor, userId: number, move: ExchangeMove): Promise<void> {
  const book = await lockedBook(tx, userId);
  await saveBook(tx, userId, book, bookAfterExchange(book, move));
}

/**
 * Value given to another user (a power gift, any future transfer between users): the lock on the
 * given amount (free part of `balance`, the balance before, first) leaves the giver. The caller
 * keeps what this returns with the value and hands it to recordReceivedTurnover where the value
 * arrives, so a gift never launders a recharge that was not bet.
 */
export async function recordGivenTurnover(tx: Executor, userId: number, asset: Asset, amount: Money, balance: Money): Promise<CarriedLock> {
  const book = await lockedBook(tx, userId);
  const { book: after, carried } = bookAfterGiving(book, asset, amount, balance);
  await saveBook(tx, userId, book, after);
  return carried;
}

/** A lock carried by value from another user arrives with it (after the transfer that pays it). */
export async function recordReceivedTurnover(tx: Executor, userId: number, asset: Asset, carried: CarriedLock): Promise<void> {
  if (carried.principal <= 0n) return;
  const book = await lockedBook(tx, userId);
  await saveBook(tx, userId, book, bookAfterReceiving(book, asset, carried));
}

/**
 * The operator lowered a pool's multiple (CASH or USDT `betLimitRechargeMultiple4Withdraw`): money
 * already held needs no more than the new multiple in bets, so 0 frees it all (bookAfterMultiple).
 * Called after the new multiple is stored, so a recharge in between is already recorded with it.
 * One short transaction per user holding a lock in the pool (their turnover rows locked, as a bet
 * or an exchange locks them), so bets wait milliseconds, not for the whole sweep; the rewrite is
 * idempotent, so setting the same multiple again finishes a sweep that was interrupted.
 * Returns how many users' books were looked at.
 */
export async function applyMultipleToHeld(db: Database, pool: TurnoverPool, multipleBps: number): Promise<number> {
  const members = ASSETS.filter((asset) => TURNOVER_POOL[asset] === pool);
  const holders = await db
    .selectDistinct({ userId: turnover.userId })
    .from(turnover)
    .where(and(inArray(turnover.currency, members), gt(turnover.principal, 0n)));
  for (const { userId } of holders) {
    await db.transaction(async (tx) => {
      const book = await lockedBook(tx, userId);
      await saveBook(tx, userId, book, bookAfterMultiple(book, pool, multipleBps));
    });
  }
  return holders.length;
}

/**
 * An operator's turnover waiver: the asset's lock and requirement are cleared (bookAfterWaiver).
 * Returns the asset's state before and after, for the audit row written in the same transaction.
 */
export async function waiveTurnover(
  tx: Executor,
  userId: number,
  asset: Asset,
): Promise<{ before: TurnoverState; after: TurnoverState; locked: Money }> {
  const book = await lockedBook(tx, userId);
  const settled = settleTurnover(book);
  const after = bookAfterWaiver(book, asset);
  await saveBook(tx, userId, book, after);
  return { before: settled[asset], after: after[asset], locked: settled[asset].principal };
}

/** The stored row of one asset (tests and diagnostics). */
export async function turnoverState(db: Executor, userId: number, asset: Asset): Promise<TurnoverState> {
  const [row] = await db
    .select()
    .from(turnover)
    .where(and(eq(turnover.userId, userId), eq(turnover.currency, asset)));
  return { required: row?.required ?? 0n, principal: row?.principal ?? 0n, done: row?.done ?? 0n };
}

/** The user's whole book, unlocked (for showing and checking; changes go through the functions above). */
export function turnoverBook(db: Executor, userId: number): Promise<TurnoverBook> {
  return readBook(db, userId, false);
}

export async function withdrawableOf(db: Executor, userId: number, asset: Asset, balance: Money): Promise<Money> {
  return withdrawableOfBook(await turnoverBook(db, userId), asset, balance);
}

/**
 * Locks the user's turnover rows (creating the home rows) until commit, changing nothing. Every bet
 * writes its home row before its figure rows, in one statement, so the holder waits out the user's
 * bets in flight and holds back the next ones (the game's figure repair relies on this).
 */
export async function lockTurnoverRows(tx: Executor, userId: number): Promise<void> {
  await lockedBook(tx, userId);
}
