import type { DepositProduct, DepositQuoteView, FixedDeposit, FixedDepositConfig, Paged, TransferOutResult } from '@prism/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAILY_STEPS } from '../../dailySteps';
import { queryRows } from '../../db/client';
import { createTestContext, fundUser, moneySnapshot, registerUser, TEST_OPS_TOKEN, type TestContext, type TestUser } from '../../testing';
import { checkLedger } from '../../testing/ledger';
import { runDailyEarnings } from '../earning/job';
import { balancesOf, systemBalance } from '../ledger/ledger';

let ctx: TestContext;
let product: DepositProduct;
beforeAll(async () => {
  ctx = await createTestContext({ env: { TOKEN_TTL_HOURS: '8760' } });
  await ctx.services.config.set('PLATFORM_TIME_ZONE', 'UTC');
  // 36.50% a year: 1.00 a day on 1000.00, so the figures below are easy to follow.
  const added = await ctx.api.post<DepositProduct>(
    '/admin/fixedDeposit/products',
    { name: '10 days', days: '10', annualRate: '36.50', minAmount: '10' },
    { headers: { Authorization: `Ops ${TEST_OPS_TOKEN}` } },
  );
  if (added.code !== 200) throw new Error(added.message);
  product = added.result;
});
afterAll(() => ctx.close());

const deposit = (user: TestUser, form: Record<string, string>, headers: Record<string, string> = {}) =>
  ctx.api.post<FixedDeposit>('/app/fixedDeposit/deposit', form, { token: user.token, headers });
const transferOut = (user: TestUser, form: Record<string, string>) =>
  ctx.api.post<TransferOutResult>('/app/fixedDeposit/transferOut', form, { token: user.token });
const list = (user: TestUser) => ctx.api.get<Paged<FixedDeposit>>('/app/fixedDeposit/list', {}, { token: user.token });
const runDays = () => runDailyEarnings(ctx.db, ctx.clock, ctx.services.config, DAILY_STEPS);
const rowCount = async () =>
  (
    await queryRows<{ n: string }>(
      ctx.db,
      sql`select (select count(*) from fixed_deposits) + (select count(*) from fixed_deposit_transfers) as n`,
    )
  )[0]?.n;

describe('fixed deposit', () => {
  it('deposit -> interest daily -> partial transfer-out stops interest on that part -> term end returns the rest', async () => {
    ctx.clock.set('2026-10-05T10:00:00Z');
    const user = await registerUser(ctx);
    await fundUser(ctx, user.id, 'CASH', 1000_00n);
    const config = await ctx.api.get<FixedDepositConfig>('/app/fixedDeposit/config/get', {}, { token: user.token });
    expect(config.result.products.length).toBeGreaterThanOrEqual(4);
    expect(config.result.products.find((p) => p.id === product.id)).toMatchObject({ days: 10, annualRate: '36.50%', minAmount: '10.00' });

    const quote = await ctx.api.get<DepositQuoteView>(
      '/app/fixedDeposit/quote',
      { productId: String(product.id), amount: '1000' },
      { token: user.token },
    );
    expect(quote.result).toMatchObject({
      dailyInterest: '1.00',
      expectedInterest: '10.00',
      startDay: '2026-10-06',
      endDateTime: '2026-10-16T00:00:00.000Z',
    });

    const key = { 'Idempotency-Key': 'deposit-1' };
    const opened = await deposit(user, { productId: String(product.id), amount: '1000' }, key);
    expect(opened.code, opened.message).toBe(200);
    expect((await deposit(user, { productId: String(product.id), amount: '1000' }, key)).result.id).toBe(opened.result.id);
    expect(opened.result).toMatchObject({ principal: '1000.00', interest: '0.00', status: 'holding', days: 10, annualRate: '36.50%' });
    expect((await balancesOf(ctx.db, user.id)).CASH).toBe(0n);

    ctx.clock.set('2026-10-07T00:00:01Z'); // day 10-05 (opening day) earns nothing, 10-06 pays 1.00
    await runDays();
    expect((await balancesOf(ctx.db, user.id)).CASH).toBe(1_00n);

    ctx.clock.set('2026-10-07T12:00:00Z');
    const out = await transferOut(user, { id: String(opened.result.id), amount: '400' });
    expect(out.code, out.message).toBe(200);
    expect(out.result.deposit).toMatchObject({ principal: '600.00', transferredOut: '400.00', interest: '1.00', dailyInterest: '0.60' });
    expect((await balancesOf(ctx.db, user.id)).CASH).toBe(401_00n);

    ctx.clock.set('2026-10-08T00:00:01Z'); // day 10-07: only the 600.00 left earns
    await runDays();
    expect((await balancesOf(ctx.db, user.id)).CASH).toBe(401_60n);
    expect((await list(user)).result.content[0]).toMatchObject({ interest: '1.60', principal: '600.00' });

    ctx.clock.set('2026-10-16T00:00:01Z'); // days 10-08..10-15 caught up, then the term ends
    await runDays();
    expect((await balancesOf(ctx.db, user.id)).CASH).toBe(401_60n + 8n * 60n + 600_00n);
    expect((await list(user)).result.content[0]).toMatchObject({ interest: '6.40', status: 'matured' });
    expect(await systemBalance(ctx.db, 'fixed_deposits', 'CASH')).toBe(0n);
    expect(await transferOut(user, { id: String(opened.result.id), amount: '1' })).toMatchObject({ code: 17005 });
    expect((await checkLedger(ctx.db)).ok).toBe(true);
  });

  it('a transfer-out of everything closes the deposit, and it earns nothing more', async () => {
    ctx.clock.set('2026-11-01T10:00:00Z');
    const user = await registerUser(ctx);
    await fundUser(ctx, user.id, 'CASH', 500_00n);
    const opened = await deposit(user, { productId: String(product.id), amount: '500' });
    ctx.clock.set('2026-11-02T10:00:00Z');
    const out = await transferOut(user, { id: String(opened.result.id), amount: '500' });
    expect(out.result.deposit).toMatchObject({ principal: '0.00', status: 'closed' });
    ctx.clock.set('2026-11-05T10:00:00Z');
    await runDays();
    expect((await balancesOf(ctx.db, user.id)).CASH).toBe(500_00n);
  });

  it("bad input, someone else's deposit, more than held, unknown product: a clear error and nothing changes", async () => {
    ctx.clock.set('2026-12-01T10:00:00Z');
    const [user, other] = [await registerUser(ctx), await registerUser(ctx)];
    await fundUser(ctx, user.id, 'CASH', 100_00n);
    const opened = await deposit(user, { productId: String(product.id), amount: '50' });
    const id = String(opened.result.id);
    const before = await moneySnapshot(ctx);
    const rows = await rowCount();
    const outCases: [TestUser, Record<string, string>, number, string?][] = [
      [user, { id }, 400, 'Fixed-deposit transfer requires an amount'],
      [user, { id, amount: '' }, 400, 'Fixed-deposit transfer requires an amount'],
      [user, { id, amount: '0' }, 400, 'The amount must be greater than zero'],
      [user, { id, amount: '-1' }, 400],
      [user, { id, amount: 'ten' }, 400],
      [user, { id, amount: '1.005' }, 400],
      [user, { id, amount: '50.01' }, 17006, 'The amount is more than this deposit holds'],
      [other, { id, amount: '1' }, 17004, 'Deposit not found'],
      [user, { id: '999999', amount: '1' }, 17004],
      [user, { amount: '1' }, 400],
    ];
    for (const [who, form, code, message] of outCases) {
      const answer = await transferOut(who, form);
      expect(answer.code, JSON.stringify(form)).toBe(code);
      if (message) expect(answer.message).toBe(message);
    }
    const depositCases: [Record<string, string>, number][] = [
      [{ productId: String(product.id), amount: '0' }, 400],
      [{ productId: String(product.id), amount: '9.99' }, 17003],
      [{ productId: String(product.id), amount: '50.01' }, 10013],
      [{ productId: '999999', amount: '20' }, 17001],
      [{ productId: 'abc', amount: '20' }, 400],
    ];
    for (const [form, code] of depositCases) expect((await deposit(user, form)).code, JSON.stringify(form)).toBe(code);
    // A term the operator withdrew takes no new deposits (open ones keep running).
    const operator = { headers: { Authorization: `Ops ${TEST_OPS_TOKEN}` } };
    const ended = await ctx.api.post<DepositProduct>(
      '/admin/fixedDeposit/products',
      { name: 'old', days: '5', annualRate: '1', minAmount: '1', enabled: 'false' },
      operator,
    );
    expect(await deposit(user, { productId: String(ended.result.id), amount: '20' })).toMatchObject({
      code: 17002,
      message: 'This product is no longer available',
    });
    expect(await moneySnapshot(ctx)).toBe(before);
    expect(await rowCount()).toBe(rows);
    expect((await list(other)).result.totalElements).toBe(0);
  });
});
