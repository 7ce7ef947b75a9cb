import type { GameBetRecord, GameSession, RechargeOrder } from '@prism/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, fundUser, registerUser, type TestContext, type TestUser } from '../testing';
import { callbackBody, postCallback } from '../testing/recharge';
import type { Random } from './random';
import { numberCode, sequenceNumbers } from './sequenceNumbers';

/**
 * Order numbers are unique by construction: with a "random" that always draws the same value, so
 * that random order numbers would collide every time, bets and recharge orders still get numbers
 * of their own (before: the second bet of a period answered 500 on the order number's unique index).
 */
const sameEveryTime: Random = { bytes: (length) => new Uint8Array(length).fill(7), int: () => 0 };

let ctx: TestContext;
let user: TestUser;
beforeAll(async () => {
  ctx = await createTestContext({ deps: { random: sameEveryTime } });
  ctx.clock.set('2026-11-23T10:00:10Z');
  user = await registerUser(ctx);
});
afterAll(() => ctx.close());

describe('order numbers with colliding randomness', () => {
  it('ten bets in one session each get their own order number, none a 500', async () => {
    await fundUser(ctx, user.id, 'CHIP', 1_000_000n);
    const s = (await ctx.api.get<GameSession>('/app/game/luckyLottery/getSession', { level: '1' })).result;
    const form = { gameSessionId: String(s.id), betName: 'Red', baseAmount: '10', betMultiples: '1', totalBetAmount: '10.00' };
    const answers = [];
    for (let i = 0; i < 10; i++)
      answers.push(await ctx.api.post<GameBetRecord>('/app/game/luckyLottery/betting', form, { token: user.token }));
    expect(answers.map((a) => a.code)).toEqual(Array.from({ length: 10 }, () => 200));
    expect(new Set(answers.map((a) => a.result.orderNo)).size).toBe(10);
  });

  it('recharge orders each get their own number, and each is settled on its own', async () => {
    const orders: RechargeOrder[] = [];
    for (let i = 0; i < 5; i++) {
      const answer = await ctx.api.post<RechargeOrder>(
        '/app/user/cashRecharge/recharge',
        { payChannelName: 'sandbox', amount: '1000' },
        { token: user.token },
      );
      expect(answer.code).toBe(200);
      orders.push(answer.result);
    }
    expect(new Set(orders.map((o) => o.orderNo)).size).toBe(5);
    const [first] = orders;
    expect((await postCallback(ctx, callbackBody(first?.orderNo ?? '', '1000.00'))).result?.status).toBe('paid');
    expect(orders.slice(1).every((o) => o.status === 'pending')).toBe(true);
  });
});

describe('numberCode and sequenceNumbers', () => {
  it('numberCode is one-to-one below alphabet^length', () => {
    const codes = new Set(Array.from({ length: 34 ** 3 }, (_, n) => numberCode(BigInt(n), '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ', 3)));
    expect(codes.size).toBe(34 ** 3);
    expect(numberCode(1n, 'AB', 4)).toHaveLength(4);
  });

  it('two allocators on one database (two processes) never hand out the same number', async () => {
    const a = sequenceNumbers('withdrawal_numbers');
    const b = sequenceNumbers('withdrawal_numbers');
    const seen = new Set<bigint>();
    for (let i = 0; i < 2500; i++) {
      seen.add(await a.next(ctx.db));
      seen.add(await b.next(ctx.db));
    }
    expect(seen.size).toBe(5000);
  });
});
