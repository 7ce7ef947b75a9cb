import { type Asset, powerDailyFee, powerDailyIncome } from '@prism/domain';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { chunkOf, type DailyChunk, type DailyContext, type DailyPage, type DailyStep, nextAfter } from '../earning';
import { lockUserBalances, recordReceivedTurnover, type TransferInput, transferBatch } from '../ledger';

/**
 * The task platform's daily steps (docs/money.md "Power"), in this order within
 * a day: income, then the management fee charged against it, then maturity.
 * Each call pays one chunk (the job's page: holdings with ids above `after`, at
 * most `limit`, each chunk its own transaction), set-based (a few statements
 * and one ledger batch), and computes from the holdings' own days, never from
 * "now", so a caught-up day pays exactly what it would have paid on time. A
 * holding counts as paid for the day by its own record (its power_incomes row,
 * its fee, its matured_at), so a chunk that committed is never taken again;
 * the ledger keys per holding and day are a second guard.
 */

const literal = (values: readonly (number | bigint)[]) => sql.raw(`array[${values.join(',')}]::bigint[]`);

/**
 * The chunk's page: the holdings whose term covers the day, by id. What the day has done to them
 * is then looked up by their ids (primary keys), never by an anti-join a plan could turn into a
 * scan of every day's incomes.
 */
function coveringHoldings(tx: Executor, day: string, page: DailyPage) {
  return queryRows<{ id: number; user_id: number; coin: string; power: string; daily_rate_bps: number }>(
    tx,
    sql`select id, user_id, coin, power::text as power, daily_rate_bps from power_holdings
        where start_day <= ${day} and end_day >= ${day} and id > ${page.after} order by id limit ${page.limit}`,
  );
}

/** Income for the day: power x daily rate on every holding whose term covers it, from 'power_income'. */
export const powerIncomeStep: DailyStep = {
  name: 'power-income',
  async run(tx: Executor, { day, now }: DailyContext, chunk: DailyPage): Promise<DailyChunk> {
    const page = await coveringHoldings(tx, day, chunk);
    if (page.length === 0) return { rows: 0, total: 0n, next: null };
    const earned = await queryRows<{ holding_id: number }>(
      tx,
      sql`select holding_id from power_incomes where day = ${day} and holding_id = any(${literal(page.map((h) => Number(h.id)))})`,
    );
    const done = new Set(earned.map((row) => Number(row.holding_id)));
    const holdings = page.filter((h) => !done.has(Number(h.id)));
    const rows = holdings.map((h) => ({
      id: h.id,
      user_id: h.user_id,
      coin: h.coin,
      amount: powerDailyIncome(BigInt(h.power), h.daily_rate_bps),
    }));
    if (rows.length > 0) {
      await tx.execute(sql`
        insert into power_incomes (holding_id, user_id, day, coin, amount, rate_bps, created_at)
        select h.id, h.user_id, ${day}, h.coin, i.amount, h.daily_rate_bps, ${now.toISOString()}::timestamptz
        from unnest(${literal(rows.map((r) => Number(r.id)))}, ${literal(rows.map((r) => r.amount))}) as i(id, amount)
        join power_holdings h on h.id = i.id`);
    }
    const paid = rows.filter((r) => r.amount > 0n);
    await transferBatch(
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
    return {
      ...chunkOf(rows, chunk),
      next: nextAfter(
        page.map((h) => h.id),
        chunk,
      ),
    };
  },
};

/**
 * The management fee for the day on every holding that earned it: power x fee
 * rate, from the holder's balance of the coin ("personal chips") to
 * 'power_fees', never more than the balance holds (read under lock, and
 * reduced holding by holding for a user with several; a user's holdings in a
 * later chunk see the balance the earlier chunk left).
 */
export const powerFeeStep: DailyStep = {
  name: 'power-fee',
  async run(tx: Executor, { day, now }: DailyContext, chunk: DailyPage): Promise<DailyChunk> {
    const page = await coveringHoldings(tx, day, chunk);
    if (page.length === 0) return { rows: 0, total: 0n, next: null };
    const incomes = await queryRows<{ id: number; user_id: number; coin: string; power: string; fee_bps: number }>(
      tx,
      sql`select h.id, h.user_id, h.coin, h.power::text as power, h.fee_bps from power_incomes i
          join power_holdings h on h.id = i.holding_id
          where i.day = ${day} and i.fee is null and i.holding_id = any(${literal(page.map((h) => Number(h.id)))})
          order by i.holding_id`,
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
    if (rows.length > 0) {
      await tx.execute(sql`
        update power_incomes i set fee = f.fee
        from unnest(${literal(rows.map((r) => Number(r.id)))}, ${literal(rows.map((r) => r.fee))}) as f(id, fee)
        where i.holding_id = f.id and i.day = ${day}`);
    }
    const charged = rows.filter((r) => r.fee > 0n);
    await transferBatch(
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
    return {
      ...chunkOf(
        rows.map((r) => ({ id: r.id, amount: r.fee })),
        chunk,
      ),
      next: nextAfter(
        page.map((h) => h.id),
        chunk,
      ),
    };
  },
};

/** Maturity at the end of a holding's last day: its price back from 'power_stakes', its power gone (a record). */
export const powerMaturityStep: DailyStep = {
  name: 'power-maturity',
  async run(tx: Executor, { day, now }: DailyContext, page: DailyPage): Promise<DailyChunk> {
    const matured = await queryRows<{
      id: number;
      user_id: number;
      coin: string;
      price: string;
      power: string;
      lock_principal: string;
      lock_required: string;
    }>(
      tx,
      sql`update power_holdings set matured_at = ${now.toISOString()}::timestamptz
          where id in (select id from power_holdings where end_day = ${day} and matured_at is null and id > ${page.after}
                       order by id limit ${page.limit})
          returning id, user_id, coin, price::text as price, power::text as power,
                    lock_principal::text as lock_principal, lock_required::text as lock_required`,
    );
    if (matured.length === 0) return { rows: 0, total: 0n, next: null };
    await tx.execute(sql`
      insert into power_records (user_id, holding_id, type, amount, counterparty, created_at)
      select user_id, id, 'maturity', -power, '', ${now.toISOString()}::timestamptz
      from power_holdings where id = any(${literal(matured.map((r) => Number(r.id)))}) order by id`);
    await transferBatch(
      tx,
      matured.map(
        (r): TransferInput => ({
          asset: r.coin as Asset,
          from: { system: 'power_stakes' },
          to: { userId: Number(r.user_id) },
          amount: BigInt(r.price),
          type: 'power_maturity',
          reference: `power_holding:${r.id}`,
          idempotencyKey: `power-maturity:${r.id}`,
          meta: { kind: 'power_maturity', holdingId: Number(r.id), day },
        }),
      ),
      now,
    );
    // A gift's price arrives with the giver's lock it carried (after the transfers: accounts before
    // turnover rows, as everywhere). Only gifts of locked money have one, so this loop is short.
    for (const r of matured.filter((row) => BigInt(row.lock_principal) > 0n)) {
      await recordReceivedTurnover(tx, Number(r.user_id), r.coin as Asset, {
        principal: BigInt(r.lock_principal),
        required: BigInt(r.lock_required),
      });
    }
    return chunkOf(
      matured.map((r) => ({ id: r.id, amount: BigInt(r.price) })),
      page,
    );
  },
};

export const POWER_DAILY_STEPS: readonly DailyStep[] = [powerIncomeStep, powerFeeStep, powerMaturityStep];
