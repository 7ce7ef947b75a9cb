import { type Asset, BET_COINS, type GameBetRecord, type GameSession, parseRate, type RateOf, stakeTurnover, valueIn } from '@prism/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { createTestContext, fundUser, nextGameSession, registerUser, type TestContext } from '../../testing';
import { turnoverState, withdrawableOf } from '../ledger/turnover';

/**
 * A stake counts toward the withdrawal turnover at its value in its pool's home coin (docs/money.md
 * "Turnover rule"): the rule is stakeTurnover (packages/domain), place_bet computes it in SQL
 * (prism_stake_turnover and prism_coin_value, migration 0023; the latter also values level `bet` figures; place_bet
 * inlines the former's steps since migration 0042). These tests tie them and show the abuse is closed.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set('2026-11-24T10:00:10Z');
});
afterAll(() => ctx.close());

async function ratesInDatabase(): Promise<RateOf> {
  const rows = await queryRows<{ from_asset: string; to_asset: string; rate: string }>(
    ctx.db,
    sql`select from_asset, to_asset, rate from exchange_rates`,
  );
  return (from: Asset, to: Asset) => {
    const row = rows.find((r) => r.from_asset === from && r.to_asset === to);
    return row ? parseRate(row.rate) : undefined;
  };
}

async function inSql(coin: Asset, stake: bigint): Promise<bigint> {
  const [row] = await queryRows<{ v: string }>(ctx.db, sql`select prism_stake_turnover(${coin}, ${stake.toString()}::bigint)::text as v`);
  return BigInt(row?.v ?? '-1');
}

async function valueInSql(coin: Asset, amount: bigint, home: Asset): Promise<bigint> {
  const [row] = await queryRows<{ v: string }>(
    ctx.db,
    sql`select prism_coin_value(${coin}, ${amount.toString()}::bigint, ${home})::text as v`,
  );
  return BigInt(row?.v ?? '-1');
}

const setRate = (from: Asset, to: Asset, rate: string) =>
  ctx.db.execute(sql`insert into exchange_rates (from_asset, to_asset, rate) values (${from}, ${to}, ${rate})
    on conflict (from_asset, to_asset) do update set rate = excluded.rate`);

describe('the stake value place_bet counts is the domain rule', () => {
  it('for every coin, stakes of every size, the seeded rates and rates set by the operator', async () => {
    const stakes = [1n, 99n, 100n, 101n, 5_000n, 123_456_789n];
    const check = async () => {
      const rateOf = await ratesInDatabase();
      for (const coin of ['CASH', 'CHIP', 'GOLD', 'POINT', 'USDT'] as const)
        for (const stake of stakes) {
          expect(await inSql(coin, stake), `${coin} ${stake}`).toBe(stakeTurnover(coin, stake, rateOf));
          expect(await valueInSql(coin, stake, 'CASH'), `${coin} ${stake} in CASH`).toBe(valueIn(coin, stake, 'CASH', rateOf));
        }
    };
    await check();
    expect(await inSql('POINT', 10_000n)).toBe(100n);
    await setRate('POINT', 'CHIP', '0.01176470');
    await setRate('CHIP', 'CASH', '0.97');
    await check();
    await setRate('GOLD', 'CASH', '1.5');
    await check();
    await ctx.db.execute(sql`delete from exchange_rates where from_asset = 'GOLD'`);
    await check();
    expect(await inSql('GOLD', 5_000n)).toBe(0n);
    // Back to the seeded rates for the next test.
    await setRate('POINT', 'CHIP', '0.01');
    await setRate('CHIP', 'CASH', '1');
    await setRate('GOLD', 'CHIP', '1');
  });
});

/** The user's running figure staked_value (game_user_totals), 0 before the first bet. */
async function stakedValue(userId: number): Promise<bigint> {
  const [row] = await queryRows<{ v: string }>(
    ctx.db,
    sql`select coalesce((select staked_value from game_user_totals where user_id = ${userId}), 0)::text as v`,
  );
  return BigInt(row?.v ?? '-1');
}

describe('place_bet counts a stake as stakeTurnover does (its valuation is inlined, migration 0042)', () => {
  it('in every coin, under the seeded rates and rates set by the operator', async () => {
    const user = await registerUser(ctx);
    for (const coin of BET_COINS) await fundUser(ctx, user.id, coin, 10_000_000n);
    const check = async () => {
      const rateOf = await ratesInDatabase();
      for (const coin of BET_COINS)
        for (const multiples of [1n, 5n]) {
          const total = 1_000n * multiples;
          const home = coin === 'USDT' ? 'USDT' : 'CASH';
          const [doneBefore, valueBefore] = [(await turnoverState(ctx.db, user.id, home)).done, await stakedValue(user.id)];
          const s: GameSession = await nextGameSession(ctx);
          const answer = await ctx.api.post<GameBetRecord>(
            '/app/game/luckyLottery/betting',
            {
              gameSessionId: String(s.id),
              betName: 'Big',
              baseAmount: '10',
              betMultiples: String(multiples),
              totalBetAmount: `${total / 100n}.00`,
              coin,
            },
            { token: user.token },
          );
          expect(answer.code, `${coin} ${total}: ${answer.message}`).toBe(200);
          const counted = stakeTurnover(coin, total, rateOf);
          expect((await turnoverState(ctx.db, user.id, home)).done - doneBefore, `${coin} ${total}`).toBe(counted);
          const value = coin === 'USDT' ? valueIn(coin, total, 'CASH', rateOf) : counted;
          expect((await stakedValue(user.id)) - valueBefore, `${coin} ${total} staked_value`).toBe(value);
        }
    };
    await check();
    await setRate('POINT', 'CHIP', '0.01176470');
    await setRate('CHIP', 'CASH', '0.97');
    await check();
    await setRate('GOLD', 'CASH', '1.5');
    await check();
    await ctx.db.execute(sql`delete from exchange_rates where from_asset = 'GOLD'`);
    await check();
    // Back to the seeded rates for the next test.
    await ctx.db.execute(sql`delete from exchange_rates where from_asset = 'GOLD' and to_asset = 'CASH'`);
    await setRate('POINT', 'CHIP', '0.01');
    await setRate('CHIP', 'CASH', '1');
    await setRate('GOLD', 'CHIP', '1');
  });
});

describe('POINT stakes free locked CASH at their value', () => {
  it('50.00 POINT staked counts 0.50 toward a CASH lock, not 50.00', async () => {
    const user = await registerUser(ctx);
    await fundUser(ctx, user.id, 'CASH', 10_000n, 10_000); // 100.00 recharged with multiple 1
    await fundUser(ctx, user.id, 'POINT', 100_000n); // 1,000 POINT, a reward
    const s: GameSession = await nextGameSession(ctx);
    const answer = await ctx.api.post<GameBetRecord>(
      '/app/game/luckyLottery/betting',
      { gameSessionId: String(s.id), betName: 'Red', baseAmount: '10', betMultiples: '5', totalBetAmount: '50.00', coin: 'POINT' },
      { token: user.token },
    );
    expect(answer.code).toBe(200);
    expect((await turnoverState(ctx.db, user.id, 'CASH')).done).toBe(50n);
    expect(await withdrawableOf(ctx.db, user.id, 'CASH', 10_000n)).toBe(50n);
  });
});
