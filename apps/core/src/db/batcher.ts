import type pg from 'pg';
import { sqlState } from './client';

/**
 * Statements run together (group commit for writes, one snapshot for reads; docs/performance.md,
 * "Bets placed together" and "getUserInfo read together"). On the PostgreSQL pool, at most
 * `inFlight` of a batcher's statements run at once; a call that arrives while they all run waits,
 * and when one returns, the calls that waited (up to `maxBatch`, all of the first one's group) go
 * in ONE statement: one round trip, one transaction for all of them, each with its own answer. A
 * call that finds a free slot goes at once, alone, as it would without the batcher: batching adds
 * no wait, it only uses the wait there already was.
 *
 * A batch is one statement, so an error fails all of its calls. When `retryAlone(error)` says the
 * statement certainly changed nothing that matters (a write the server undid: statementUndone; any
 * failure of a read), each call then runs on its own and answers as it would have alone. Otherwise
 * (a write whose connection was lost: it may or may not have committed) each call fails with that
 * error, as its own statement would have.
 */
export interface Batcher<V, A> {
  /** The pool whose connections the batches use (callers batch only calls made on it). */
  readonly pool: pg.Pool;
  run(values: V): Promise<A>;
}

export interface BatchOptions<V, A> {
  pool: pg.Pool;
  /** One call, alone (also every call of a failed batch that may run again). */
  one(values: V): Promise<A>;
  /** Several calls in one statement: their answers in their order. */
  many(values: readonly V[]): Promise<A[]>;
  /** Whether the calls of a batch that failed with `error` may each run again alone. */
  retryAlone(error: unknown): boolean;
  /** Calls with different groups never share a statement (bets: their session; reads: their day). */
  groupOf?(values: V): unknown;
  /** This batcher's statements running at once (default: the pool's size). */
  inFlight?: number;
  /** The most calls in one statement (default 32). */
  maxBatch?: number;
  /** Told of each statement of several calls, once it returned: its calls, and whether they were then run one by one (the operators' metrics, tests). */
  onBatch?: ((calls: number, oneByOne: boolean) => void) | undefined;
}

interface Waiting<V, A> {
  values: V;
  resolve(answer: A): void;
  reject(error: unknown): void;
}

/** SQLSTATE classes whose error means the statement was undone: data, integrity, rollback (deadlock, serialization), raised. */
const UNDONE_CLASSES = new Set(['22', '23', '40', 'P0']);

/** Whether a failed statement certainly changed nothing: the server refused it and rolled it back. */
export function statementUndone(error: unknown): boolean {
  const state = sqlState(error);
  return state !== undefined && UNDONE_CLASSES.has(state.slice(0, 2));
}

export function createBatcher<V, A>(options: BatchOptions<V, A>): Batcher<V, A> {
  const inFlight = Math.max(1, options.inFlight ?? options.pool.options.max ?? 10);
  const maxBatch = Math.max(1, options.maxBatch ?? 32);
  const waiting: Waiting<V, A>[] = [];
  let running = 0;

  const settleEach = (batch: Waiting<V, A>[], answers: A[]) => {
    for (const [i, call] of batch.entries()) call.resolve(answers[i] as A);
  };
  const oneByOne = (batch: Waiting<V, A>[]) => Promise.all(batch.map((call) => options.one(call.values).then(call.resolve, call.reject)));

  async function send(batch: Waiting<V, A>[]): Promise<void> {
    if (batch.length === 1) {
      const [call] = batch as [Waiting<V, A>];
      return options.one(call.values).then(call.resolve, call.reject);
    }
    let again = false;
    try {
      settleEach(batch, await options.many(batch.map((call) => call.values)));
    } catch (error) {
      again = options.retryAlone(error);
      if (again) await oneByOne(batch);
      else for (const call of batch) call.reject(error);
    }
    options.onBatch?.(batch.length, again);
  }

  /** The first waiting call and those of its group after it, up to maxBatch, in the order they came. */
  function nextBatch(): Waiting<V, A>[] {
    const group = options.groupOf?.((waiting[0] as Waiting<V, A>).values);
    const batch: Waiting<V, A>[] = [];
    for (let i = 0; i < waiting.length && batch.length < maxBatch; ) {
      const call = waiting[i] as Waiting<V, A>;
      if (options.groupOf && options.groupOf(call.values) !== group) i++;
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
    run(values) {
      return new Promise<A>((resolve, reject) => {
        waiting.push({ values, resolve, reject });
        pump();
      });
    },
  };
}
