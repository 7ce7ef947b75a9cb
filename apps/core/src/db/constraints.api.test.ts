import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../testing';

/**
 * The database itself refuses rows no service should ever write: each case
 * inserts a valid row (accepted), then rows breaking one CHECK constraint
 * (refused by that constraint). PGlite and PostgreSQL.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Row = Record<string, string | number | null>;
let serial = 0;
const unique = () => `chk-${++serial}`;

function insert(table: string, row: Row): SQL {
  const columns = sql.join(
    Object.keys(row).map((column) => sql.identifier(column)),
    sql`, `,
  );
  const values = sql.join(
    Object.values(row).map((value) => sql`${value}`),
    sql`, `,
  );
  return sql`insert into ${sql.identifier(table)} (${columns}) values (${values})`;
}

/** The constraint a failed statement broke (drizzle wraps the driver's error as its cause). */
async function brokenConstraint(statement: SQL): Promise<string | undefined> {
  try {
    await ctx.db.execute(statement);
    return undefined;
  } catch (error) {
    const cause = (error as { cause?: { code?: string; constraint?: string; message?: string } }).cause;
    expect(cause?.code).toBe('23514');
    return cause?.constraint ?? cause?.message;
  }
}

const now = new Date().toISOString();
const withdrawal = (): Row => ({
  order_no: unique(),
  user_id: 1,
  currency: 'CASH',
  amount: 10_000,
  fee: 200,
  receive: 9_800,
  channel: 'bank',
  destination: '{}',
  status: 'pending_review',
  local_day: '2026-11-24',
  created_at: now,
});
const bet = (): Row => ({
  order_no: unique(),
  user_id: 1,
  session_id: 1,
  level: 1,
  period_id: 'p1',
  bet_name: 'Red',
  base_amount: 100,
  multiples: 1,
  total: 100,
  fee: 2,
  coin: 'CHIP',
  status: 'PENDING',
  created_at: now,
});
const level = (): Row => ({
  level: 1000 + ++serial,
  level_name: 'x',
  session_seconds: 60,
  bet_close_seconds: 5,
  bet_base_amounts: '100',
  bet_multiples: '1',
  chip_min_limit: 100,
  chip_max_limit: 1_000,
  bet_amount_max: 1_000,
  odds: '{}',
});
const turnover = (): Row => ({ user_id: ++serial, currency: 'CASH', required: 100, principal: 100, done: 0 });
const order = (): Row => ({
  order_no: unique(),
  user_id: 1,
  pay_channel_name: 'sandbox',
  currency: 'CASH',
  amount: 1_000,
  status: 'pending',
  created_at: now,
});
const deposit = (): Row => ({
  network: 'TRC20',
  tx_hash: unique(),
  address: 'T1',
  amount: 100,
  confirmations: 0,
  status: 'pending',
  created_at: now,
});
const claim = (): Row => ({ user_id: 1, key: unique(), route: 'r', request_hash: 'h', generation: 1, created_at: now });

const cases: { table: string; valid: () => Row; broken: [constraint: string, change: Row][] }[] = [
  {
    table: 'withdrawals',
    valid: withdrawal,
    broken: [
      ['withdrawals_amount_positive', { amount: 0, fee: 0, receive: 0 }],
      ['withdrawals_amount_positive', { amount: -100, fee: 0, receive: -100 }],
      ['withdrawals_fee_receive', { receive: 9_900 }],
      ['withdrawals_fee_receive', { fee: -100, receive: 10_100 }],
      ['withdrawals_status', { status: 'approved' }],
      ['withdrawals_currency', { currency: 'CHIP' }],
    ],
  },
  {
    table: 'game_bets',
    valid: bet,
    broken: [
      ['game_bets_total_positive', { total: 0, fee: 0 }],
      ['game_bets_total_positive', { multiples: 0 }],
      ['game_bets_fee', { fee: -1 }],
      ['game_bets_fee', { fee: 101 }],
      ['game_bets_payout_not_negative', { payout: -1 }],
      ['game_bets_status', { status: 'WON' }],
      ['game_bets_coin', { coin: 'EUR' }],
    ],
  },
  {
    table: 'game_levels',
    valid: level,
    broken: [
      ['game_levels_timing', { session_seconds: 0 }],
      ['game_levels_limits', { bet_amount_max: -1 }],
    ],
  },
  {
    table: 'turnover',
    valid: turnover,
    broken: [
      ['turnover_not_negative', { required: -1 }],
      ['turnover_not_negative', { principal: -1 }],
      ['turnover_not_negative', { done: -1 }],
    ],
  },
  {
    table: 'recharge_orders',
    valid: order,
    broken: [
      ['recharge_orders_amount_positive', { amount: 0 }],
      ['recharge_orders_amount_positive', { paid_amount: -1 }],
      ['recharge_orders_status', { status: 'done' }],
      ['recharge_orders_currency', { currency: 'EUR' }],
    ],
  },
  {
    table: 'chain_deposits',
    valid: deposit,
    broken: [
      ['chain_deposits_amount', { amount: -5 }],
      ['chain_deposits_amount', { confirmations: -1 }],
      ['chain_deposits_status', { status: 'lost' }],
    ],
  },
  { table: 'idempotency_keys', valid: claim, broken: [['idempotency_keys_generation_positive', { generation: 0 }]] },
  {
    table: 'advisor_products',
    valid: () => ({ advisor_name: 'A', coin: 'CASH', price: 100, days: 7, daily_rate_bp: 80, gift_rate_bp: 0, created_at: now }),
    broken: [
      ['advisor_products_price_positive', { price: 0 }],
      ['advisor_products_terms', { days: 0 }],
      ['advisor_products_terms', { daily_rate_bp: -1 }],
      ['advisor_products_coin', { coin: 'EUR' }],
    ],
  },
  {
    table: 'advisor_orders',
    valid: () => ({
      user_id: 1,
      product_id: 1,
      blogger: 'A',
      coin: 'CASH',
      staking_amount: 100,
      gift_amount: 0,
      daily_rate_bp: 80,
      days: 7,
      fee_rate_bp: 1000,
      start_day: '2026-10-01',
      end_day: '2026-10-07',
      deadline: now,
      created_at: now,
    }),
    broken: [
      ['advisor_orders_amounts', { staking_amount: 0 }],
      ['advisor_orders_amounts', { income_amount: -1 }],
      ['advisor_orders_status', { status: 'done' }],
      ['advisor_orders_term', { end_day: '2026-09-30' }],
    ],
  },
  {
    table: 'deposit_products',
    valid: () => ({ name: 'd', coin: 'CASH', days: 7, annual_rate_bp: 300, min_amount: 100, created_at: now }),
    broken: [
      ['deposit_products_terms', { min_amount: 0 }],
      ['deposit_products_coin', { coin: 'EUR' }],
    ],
  },
  {
    table: 'fixed_deposits',
    valid: () => ({
      user_id: 1,
      product_id: 1,
      name: 'd',
      coin: 'CASH',
      principal: 100,
      original_amount: 100,
      annual_rate_bp: 300,
      days: 7,
      start_day: '2026-10-01',
      end_day: '2026-10-07',
      ends_at: now,
      created_at: now,
    }),
    broken: [
      ['fixed_deposits_amounts', { principal: 101 }],
      ['fixed_deposits_amounts', { principal: -1 }],
      ['fixed_deposits_status', { status: 'gone' }],
    ],
  },
];

describe('CHECK constraints outside the ledger', () => {
  for (const { table, valid, broken } of cases) {
    it(`${table}: a valid row is accepted, and each broken rule is refused by its constraint`, async () => {
      expect(await brokenConstraint(insert(table, valid()))).toBeUndefined();
      for (const [constraint, change] of broken) {
        expect(await brokenConstraint(insert(table, { ...valid(), ...change }))).toContain(constraint);
      }
    });
  }

  it('charge_withdraw_config: the seeded rows pass, a negative limit or a fee above 100% is refused', async () => {
    const set = (assignment: SQL) => brokenConstraint(sql`update charge_withdraw_config set ${assignment} where currency = 'CASH'`);
    expect(await set(sql`withdraw_fee_bps = 10000`)).toBeUndefined();
    expect(await set(sql`withdraw_fee_bps = 10001`)).toContain('charge_withdraw_config_fee_bps');
    expect(await set(sql`withdraw_min_limit = -1`)).toContain('charge_withdraw_config_withdraw_limits');
    expect(await set(sql`charge_max_limit = -1`)).toContain('charge_withdraw_config_charge_limits');
    expect(await set(sql`auto_audit_amount = -1`)).toContain('charge_withdraw_config_auto_audit');
    expect(await set(sql`turnover_multiple_bps = -1`)).toContain('charge_withdraw_config_turnover_bps');
  });
});
