import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createBatcher, statementUndone } from './batcher';

/**
 * The batcher's queue on its own: `one` and `many` are the test's, each call held until the test
 * lets it go, so what runs alone, what waits and what goes together is seen call by call. What the
 * database does with a batch is modules/game/betBatch.pg.test.ts's.
 */
interface Call {
  batch: number[];
  finish(answer?: unknown): void;
  fail(error: unknown): void;
}

function harness(options: { inFlight: number; maxBatch?: number }) {
  const calls: Call[] = [];
  const held = (batch: number[]) =>
    new Promise<unknown>((resolve, reject) => {
      calls.push({ batch, finish: (answer) => resolve(answer), fail: reject });
    });
  const reported: [number, boolean][] = [];
  const batcher = createBatcher<number, string>({
    retryAlone: statementUndone,
    pool: { options: { max: 99 } } as unknown as pg.Pool,
    onBatch: (batch, oneByOne) => reported.push([batch, oneByOne]),
    ...options,
    one: async (value) => {
      await held([value]);
      return `one ${value}`;
    },
    many: async (batch) => {
      await held([...batch]);
      return batch.map((value) => `many ${value}`);
    },
  });
  const settled: Record<number, string> = {};
  const place = (value: number) =>
    batcher.run(value).then(
      (answer) => {
        settled[value] = answer;
      },
      (error: unknown) => {
        settled[value] = `failed: ${(error as Error).message}`;
      },
    );
  return { calls, settled, place, reported };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('the batcher', () => {
  it('sends a call at once, alone, while a slot is free; what waits goes together when one returns', async () => {
    const { calls, settled, place, reported } = harness({ inFlight: 2 });
    const placed = [1, 2, 3, 4, 5].map(place);
    await tick();
    expect(calls.map((c) => c.batch)).toEqual([[1], [2]]);
    calls[0]?.finish();
    await tick();
    expect(calls.map((c) => c.batch)).toEqual([[1], [2], [3, 4, 5]]);
    calls[1]?.finish();
    calls[2]?.finish();
    await Promise.all(placed);
    expect(settled).toEqual({ 1: 'one 1', 2: 'one 2', 3: 'many 3', 4: 'many 4', 5: 'many 5' });
    expect(reported).toEqual([[3, false]]);
  });

  it('puts no more than maxBatch calls in one statement', async () => {
    const { calls, place } = harness({ inFlight: 1, maxBatch: 2 });
    const placed = [1, 2, 3, 4, 5].map(place);
    for (let i = 0; i < 4; i++) {
      await tick();
      calls[i]?.finish();
    }
    await Promise.all(placed);
    expect(calls.map((c) => c.batch)).toEqual([[1], [2, 3], [4, 5]]);
  });

  it('runs each call of a batch the server refused (the statement undone) on its own', async () => {
    const { calls, settled, place, reported } = harness({ inFlight: 1 });
    const placed = [1, 2, 3].map(place);
    await tick();
    calls[0]?.finish();
    await tick();
    calls[1]?.fail(Object.assign(new Error('deadlock detected'), { code: '40P01' }));
    await tick();
    expect(calls.slice(2).map((c) => c.batch)).toEqual([[2], [3]]);
    calls[2]?.finish();
    calls[3]?.fail(new Error('its own failure'));
    await Promise.all(placed);
    expect(settled).toEqual({ 1: 'one 1', 2: 'one 2', 3: 'failed: its own failure' });
    expect(reported).toEqual([[2, true]]);
  });

  it('fails every call of a batch whose outcome is unknown (the connection lost), running none again', async () => {
    const { calls, settled, place } = harness({ inFlight: 1 });
    const placed = [1, 2, 3].map(place);
    await tick();
    calls[0]?.finish();
    await tick();
    calls[1]?.fail(new Error('Connection terminated unexpectedly'));
    await Promise.all(placed);
    expect(calls).toHaveLength(2);
    expect(settled).toEqual({
      1: 'one 1',
      2: 'failed: Connection terminated unexpectedly',
      3: 'failed: Connection terminated unexpectedly',
    });
  });

  it('takes the next calls as soon as a slot frees, also after a failure', async () => {
    const { calls, settled, place } = harness({ inFlight: 1 });
    const first = place(1);
    await tick();
    calls[0]?.fail(new Error('lost'));
    await first;
    const second = place(2);
    await tick();
    calls[1]?.finish();
    await second;
    expect(settled).toEqual({ 1: 'failed: lost', 2: 'one 2' });
  });
});

describe('statementUndone', () => {
  it('is true only for SQLSTATE classes that prove the statement rolled back', () => {
    const withCode = (code: string) => Object.assign(new Error(code), { code });
    expect(['23505', '40P01', '40001', '22003', 'P0001'].map((code) => statementUndone(withCode(code)))).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    // A lost connection, an administrator's termination, a timeout: the commit may have happened.
    expect(['08006', '57P01', '57014'].map((code) => statementUndone(withCode(code)))).toEqual([false, false, false]);
    expect(statementUndone(new Error('Connection terminated unexpectedly'))).toBe(false);
    expect(statementUndone({ cause: withCode('40P01') })).toBe(true);
  });
});

describe('the batcher with groups', () => {
  it('puts only calls of one group in a statement, the first waiting value first, the rest keeping their order', async () => {
    const calls: number[][] = [];
    const release: (() => void)[] = [];
    const hold = (batch: number[]) =>
      new Promise<void>((resolve) => {
        calls.push(batch);
        release.push(resolve);
      });
    const batcher = createBatcher<number, number>({
      pool: { options: { max: 99 } } as unknown as pg.Pool,
      inFlight: 1,
      retryAlone: () => false,
      groupOf: (value) => value % 2,
      one: async (value) => {
        await hold([value]);
        return value;
      },
      many: async (batch) => {
        await hold([...batch]);
        return [...batch];
      },
    });
    const placed = Promise.all([1, 2, 3, 4, 5, 6].map((value) => batcher.run(value)));
    for (let i = 0; i < 3; i++) {
      await tick();
      release[i]?.();
    }
    expect(await placed).toEqual([1, 2, 3, 4, 5, 6]);
    expect(calls).toEqual([[1], [2, 4, 6], [3, 5]]);
  });
});
