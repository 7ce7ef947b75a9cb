import { type Asset, powerDailyFee, powerDailyIncome } from '@prism/domain';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import type { DailyContext, DailyStep, DailyStepResult } from '../earning/step';
import { lockUserBalances, type TransferInput, transferBatch } from '../ledger/ledger';

/**
 * The task platform's daily steps (docs/money.md "Power"), in this order within
 * a day: income, then the management fee charged against it, then maturity.
 * Each is set-based (a few statements and ledger batches) and computes from
 * the holdings' own days, never from "now", so a caught-up day pays exactly
 * what it would have paid on time. The job's earning_days claim makes each run
 * once; the ledger keys per holding and day are a second guard.
 */

/** Transfers per transferBatch call: keeps each statement's bind parameters well under PostgreSQL's limit. */
const BATCH = 5_000;

async function payInBatches(tx: Executor, inputs: TransferInput[], now: Date): Promise<void> {
  for (let start = 0; start < inputs.length; start += BATCH) await transferBatch(tx, inputs.slice(start, start + BATCH), now);
}

const literal = (values: readonly (number | bigint)[]) => sql.raw(`array[${values.join(',')}]::bigint[]`);

/** Income for the day: power x daily rate on every holding whose term covers it, from 'power_income'. */
export const powerIncomeStep: DailyStep = {
  name: 'power-income',
  async run(tx: Executor, { day, now }: DailyContext): Promise<DailyStepResult> {
    const holdings = await queryRows<{ id: number; user_id: number; coin: string; power: string; daily_rate_bps: number }>(
      tx,
      sql`select id, user_id, coin, power::text as power, daily_rate_bps from power_holdings
          where start_day <= ${day} and end_day >= ${day} order by id`,
    );
    const rows = holdings.map((h) => ({ ...h, amount: powerDailyIncome(BigInt(h.power), h.daily_rate_bps) }));
    for (let start = 0; start < rows.length; start += 10_000) {
      const chunk = rows.slice(start, start + 10_000);
      await tx.execute(sql`
        insert into power_incomes (holding_id, user_id, day, coin, amount, rate_bps, created_at)
        select h.id, h.user_id, ${day}, h.coin, i.amount, h.daily_rate_bps, ${now.toISOString()}::timestamptz
        from unnest(${literal(chunk.map((r) => Number(r.id)))}, ${literal(chunk.map((r) => r.amount))}) as i(id, amount)
        join power_holdings h on h.id = i.id`);
    }
    const paid = rows.filter((r) => r.amount > 0n);
    await payInBatches(
      tx,
      paid.map((r) => ({
        asset: r.coin as Asset,
        from: { system: 'power_income' },
        to: { userId: Number(r.user_id) },
        amount: r.amount,
        type: 'power_income',
        reference: `power_holding:${r.id}`,
        idempotencyKey: `power-income:${r.id}:${day}`,
        meta: { kind: 'power_income', holdingId: Number(r.id), day },
      })),
      now,
    );
    return { rows: rows.length, total: paid.reduce((sum, r) => sum + r.amount, 0n) };
  },
};

/**
 * The management fee for the day on every holding that earned it: power x fee
 * rate, from the holder's balance of the coin ("personal chips") to
 * 'power_fees', never more than the balance holds (read under lock, and
 * reduced holding by holding for a user with several).
 */
export const powerFeeStep: DailyStep = {
  name: 'power-fee',
  async run(tx: Executor, { day, now }: DailyContext): Promise<DailyStepResult> {
    const incomes = await queryRows<{ id: number; user_id: number; coin: string; power: string; fee_bps: number }>(
      tx,
      sql`select h.id, h.user_id, h.coin, h.power::text as power, h.fee_bps from power_incomes i
          join power_holdings h on h.id = i.holding_id
          where i.day = ${day} and i.fee is null order by h.user_id, h.id`,
    );
    const balances = new Map<string, bigint>();
    for (const coin of new Set(incomes.map((row) => row.coin))) {
      const userIds = [...new Set(incomes.filter((row) => row.coin === coin).map((row) => Number(row.user_id)))];
      for (const [userId, balance] of await lockUserBalances(tx, userIds, coin as Asset)) balances.set(`${userId}:${coin}`, balance);
    }
    const rows = incomes.map((row) => {
      const key = `${row.user_id}:${row.coin}`;
      const available = balances.get(key) ?? 0n;
      const fee = powerDailyFee(BigInt(row.power), row.fee_bps, available);
      balances.set(key, available - fee);
      return { ...row, fee };
    });
    for (let start = 0; start < rows.length; start += 10_000) {
      const chunk = rows.slice(start, start + 10_000);
      await tx.execute(sql`
        update power_incomes i set fee = f.fee
        from unnest(${literal(chunk.map((r) => Number(r.id)))}, ${literal(chunk.map((r) => r.fee))}) as f(id, fee)
        where i.holding_id = f.id and i.day = ${day}`);
    }
    const charged = rows.filter((r) => r.fee > 0n);
    await payInBatches(
      tx,
      charged.map((r) => ({
        asset: r.coin as Asset,
        from: { userId: Number(r.user_id) },
        to: { system: 'power_fees' },
        amount: r.fee,
        type: 'power_fee',
        reference: `power_holding:${r.id}`,
        idempotencyKey: `power-fee:${r.id}:${day}`,
        meta: { kind: 'power_fee', holdingId: Number(r.id), day },
      })),
      now,
    );
    return { rows: rows.length, total: charged.reduce((sum, r) => sum + r.fee, 0n) };
  },
};

/** Maturity at the end of a holding's last day: its price back from 'power_stakes', its power gone (a record). */
export const powerMaturityStep: DailyStep = {
  name: 'power-maturity',
  async run(tx: Executor, { day, now }: DailyContext): Promise<DailyStepResult> {
    const matured = await queryRows<{ id: number; user_id: number; coin: string; price: string; power: string }>(
      tx,
      sql`update power_holdings set matured_at = ${now.toISOString()}::timestamptz
          where end_day = ${day} and matured_at is null
          returning id, user_id, coin, price::text as price, power::text as power`,
    );
    if (matured.length === 0) return { rows: 0, total: 0n };
    await tx.execute(sql`
      insert into power_records (user_id, holding_id, type, amount, counterparty, created_at)
      select user_id, id, 'maturity', -power, '', ${now.toISOString()}::timestamptz
      from power_holdings where id = any(${literal(matured.map((r) => Number(r.id)))}) order by id`);
    await payInBatches(
      tx,
      matured.map((r) => ({
        asset: r.coin as Asset,
        from: { system: 'power_stakes' },
        to: { userId: Number(r.user_id) },
        amount: BigInt(r.price),
        type: 'power_maturity',
        reference: `power_holding:${r.id}`,
        idempotencyKey: `power-maturity:${r.id}`,
        meta: { kind: 'power_maturity', holdingId: Number(r.id), day },
      })),
      now,
    );
    return { rows: matured.length, total: matured.reduce((sum, r) => sum + BigInt(r.price), 0n) };
  },
};

export const POWER_DAILY_STEPS: readonly DailyStep[] = [powerIncomeStep, powerFeeStep, powerMaturityStep];
