import type pg from 'pg';
import { sqlState } from '../../db/client';

/**
 * Bets placed together (group commit; docs/performance.md, "Bets placed together"). On the
 * PostgreSQL pool, at most `inFlight` bet statements run at once; a bet that arrives while they
 * all run waits, and when one returns, the bets that waited (up to `maxBatch`, all of the first
 * one's group: its session) go in ONE call of place_bets: one round trip, one transaction and one
 * commit for all of them, each bet still place_bet itself with its own answer. A bet that finds a
 * free slot goes at once, alone, through place_bet as before: batching adds no wait, it only uses
 * the wait there already was.
 *
 * A batch is one statement, so an error undoes all of its bets; when the server refused the
 * statement (an SQLSTATE of a class that proves it rolled back), each bet is then placed on its
 * own, and answers as it would have alone. Any other failure (a lost connection: the batch may or
 * may not have committed) fails each of its bets with that error, as one bet's statement would.
 */
export interface BetBatcher<V, A> {
  /** The pool whose connections the batches use (placeBet batches only bets placed on it). */
  readonly pool: pg.Pool;
  place(values: V): Promise<A>;
}

export interface BetBatchOptions<V, A> {
  pool: pg.Pool;
  /** One bet, alone: place_bet's statement (also every bet of a batch the server refused). */
  one(values: V): Promise<A>;
  /** Several bets in one statement: their answers in their order. */
  many(values: readonly V[]): Promise<A[]>;
  /** Bets with different groups never share a statement (the game's: their session). */
  groupOf?(values: V): unknown;
  /** Bet statements running at once (default: the pool's size). */
  inFlight?: number;
  /** The most bets in one statement (default 32). */
  maxBatch?: number;
  /** Told of each statement of several bets, once it returned: its bets, and whether they were then placed one by one (the operators' metrics, tests). */
  onBatch?: ((bets: number, oneByOne: boolean) => void) | undefined;
}

interface Waiting<V, A> {
  values: V;
  resolve(answer: A): void;
  reject(error: unknown): void;
}

/** SQLSTATE classes whose error means the statement was undone: data, integrity, rollback (deadlock, serialization), raised. */
const UNDONE_CLASSES = new Set(['22', '23', '40', 'P0']);

/** Whether a failed batch certainly changed nothing, so that its bets can be placed again one by one. */
export function batchUndone(error: unknown): boolean {
  const state = sqlState(error);
  return state !== undefined && UNDONE_CLASSES.has(state.slice(0, 2));
}

export function createBetBatcher<V, A>(options: BetBatchOptions<V, A>): BetBatcher<V, A> {
  const inFlight = Math.max(1, options.inFlight ?? options.pool.options.max ?? 10);
  const maxBatch = Math.max(1, options.maxBatch ?? 32);
  const waiting: Waiting<V, A>[] = [];
  let running = 0;

  const settleEach = (batch: Waiting<V, A>[], answers: A[]) => {
    for (const [i, bet] of batch.entries()) bet.resolve(answers[i] as A);
  };
  const oneByOne = (batch: Waiting<V, A>[]) => Promise.all(batch.map((bet) => options.one(bet.values).then(bet.resolve, bet.reject)));

  async function send(batch: Waiting<V, A>[]): Promise<void> {
    if (batch.length === 1) {
      const [bet] = batch as [Waiting<V, A>];
      return options.one(bet.values).then(bet.resolve, bet.reject);
    }
    let undone = false;
    try {
      settleEach(batch, await options.many(batch.map((bet) => bet.values)));
    } catch (error) {
      undone = batchUndone(error);
      if (undone) await oneByOne(batch);
      else for (const bet of batch) bet.reject(error);
    }
    options.onBatch?.(batch.length, undone);
  }

  /** The first waiting bet and those of its group after it, up to maxBatch, in the order they came. */
  function nextBatch(): Waiting<V, A>[] {
    const group = options.groupOf?.((waiting[0] as Waiting<V, A>).values);
    const batch: Waiting<V, A>[] = [];
    for (let i = 0; i < waiting.length && batch.length < maxBatch; ) {
      const bet = waiting[i] as Waiting<V, A>;
      if (options.groupOf && options.groupOf(bet.values) !== group) i++;
      else batch.push(...waiting.splice(i, 1));
    }
    return batch;
  }

  function pump(): void {
    while (running < inFlight && waiting.length > 0) {
      const batch = nextBatch();
      running++;
      void send(batch).finally(() => {
        running--;
        pump();
      });
    }
  }

  return {
    pool: options.pool,
    place(values) {
      return new Promise<A>((resolve, reject) => {
        waiting.push({ values, resolve, reject });
        pump();
      });
    },
  };
}
