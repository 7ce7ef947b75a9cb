import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { batchUndone, createBetBatcher } from './betBatch';

/**
 * The batcher's queue on its own: `one` and `many` are the test's, each call held until the test
 * lets it go, so what runs alone, what waits and what goes together is seen call by call. What the
 * database does with a batch is betBatch.pg.test.ts's.
 */
interface Call {
  bets: number[];
  finish(answer?: unknown): void;
  fail(error: unknown): void;
}

function harness(options: { inFlight: number; maxBatch?: number }) {
  const calls: Call[] = [];
  const held = (bets: number[]) =>
    new Promise<unknown>((resolve, reject) => {
      calls.push({ bets, finish: (answer) => resolve(answer), fail: reject });
    });
  const reported: [number, boolean][] = [];
  const batcher = createBetBatcher<number, string>({
    pool: { options: { max: 99 } } as unknown as pg.Pool,
    onBatch: (bets, oneByOne) => reported.push([bets, oneByOne]),
    ...options,
    one: async (bet) => {
      await held([bet]);
      return `one ${bet}`;
    },
    many: async (bets) => {
      await held([...bets]);
      return bets.map((bet) => `many ${bet}`);
    },
  });
  const settled: Record<number, string> = {};
  const place = (bet: number) =>
    batcher.place(bet).then(
      (answer) => {
        settled[bet] = answer;
      },
      (error: unknown) => {
        settled[bet] = `failed: ${(error as Error).message}`;
      },
    );
  return { calls, settled, place, reported };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('the bet batcher', () => {
  it('sends a bet at once, alone, while a slot is free; what waits goes together when one returns', async () => {
    const { calls, settled, place, reported } = harness({ inFlight: 2 });
    const placed = [1, 2, 3, 4, 5].map(place);
    await tick();
    expect(calls.map((c) => c.bets)).toEqual([[1], [2]]);
    calls[0]?.finish();
    await tick();
    expect(calls.map((c) => c.bets)).toEqual([[1], [2], [3, 4, 5]]);
    calls[1]?.finish();
    calls[2]?.finish();
    await Promise.all(placed);
    expect(settled).toEqual({ 1: 'one 1', 2: 'one 2', 3: 'many 3', 4: 'many 4', 5: 'many 5' });
    expect(reported).toEqual([[3, false]]);
  });

  it('puts no more than maxBatch bets in one statement', async () => {
    const { calls, place } = harness({ inFlight: 1, maxBatch: 2 });
    const placed = [1, 2, 3, 4, 5].map(place);
    for (let i = 0; i < 4; i++) {
      await tick();
      calls[i]?.finish();
    }
    await Promise.all(placed);
    expect(calls.map((c) => c.bets)).toEqual([[1], [2, 3], [4, 5]]);
  });

  it('places each bet of a batch the server refused (the statement undone) on its own', async () => {
    const { calls, settled, place, reported } = harness({ inFlight: 1 });
    const placed = [1, 2, 3].map(place);
    await tick();
    calls[0]?.finish();
    await tick();
    calls[1]?.fail(Object.assign(new Error('deadlock detected'), { code: '40P01' }));
    await tick();
    expect(calls.slice(2).map((c) => c.bets)).toEqual([[2], [3]]);
    calls[2]?.finish();
    calls[3]?.fail(new Error('its own failure'));
    await Promise.all(placed);
    expect(settled).toEqual({ 1: 'one 1', 2: 'one 2', 3: 'failed: its own failure' });
    expect(reported).toEqual([[2, true]]);
  });

  it('fails every bet of a batch whose outcome is unknown (the connection lost), placing none again', async () => {
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

  it('takes the next bets as soon as a slot frees, also after a failure', async () => {
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

describe('batchUndone', () => {
  it('is true only for SQLSTATE classes that prove the statement rolled back', () => {
    const withCode = (code: string) => Object.assign(new Error(code), { code });
    expect(['23505', '40P01', '40001', '22003', 'P0001'].map((code) => batchUndone(withCode(code)))).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    // A lost connection, an administrator's termination, a timeout: the commit may have happened.
    expect(['08006', '57P01', '57014'].map((code) => batchUndone(withCode(code)))).toEqual([false, false, false]);
    expect(batchUndone(new Error('Connection terminated unexpectedly'))).toBe(false);
    expect(batchUndone({ cause: withCode('40P01') })).toBe(true);
  });
});

describe('the bet batcher with groups', () => {
  it('puts only bets of one group in a statement, the first waiting bet first, the rest keeping their order', async () => {
    const calls: number[][] = [];
    const release: (() => void)[] = [];
    const hold = (bets: number[]) =>
      new Promise<void>((resolve) => {
        calls.push(bets);
        release.push(resolve);
      });
    const batcher = createBetBatcher<number, number>({
      pool: { options: { max: 99 } } as unknown as pg.Pool,
      inFlight: 1,
      groupOf: (bet) => bet % 2,
      one: async (bet) => {
        await hold([bet]);
        return bet;
      },
      many: async (bets) => {
        await hold([...bets]);
        return [...bets];
      },
    });
    const placed = Promise.all([1, 2, 3, 4, 5, 6].map((bet) => batcher.place(bet)));
    for (let i = 0; i < 3; i++) {
      await tick();
      release[i]?.();
    }
    expect(await placed).toEqual([1, 2, 3, 4, 5, 6]);
    expect(calls).toEqual([[1], [2, 4, 6], [3, 5]]);
  });
});
