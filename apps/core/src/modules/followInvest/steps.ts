import { type Asset, advisorDailyEarning, advisorManagementFee } from '@prism/domain';
import { sql } from 'drizzle-orm';
import { addPerRow } from '../earning';
import { earningsStep, maturityStep } from '../holding';
import type { TransferInput } from '../ledger';
import { advisorOrders } from './schema';

/** The follow-invest steps of the daily job (the holding module's steps, with follow-invest's terms). */

/** Day D pays each order whose term covers D one day's earning, from 'advisor_income'. */
export const followInvestEarningsStep = earningsStep<{
  id: number;
  user_id: number;
  coin: Asset;
  staking_amount: string;
  daily_rate_bp: number;
}>({
  name: 'advisor-earnings',
  select: ({ day }, page) =>
    sql`select o.id, o.user_id, o.coin, o.staking_amount::text, o.daily_rate_bp from advisor_orders o
        where o.start_day <= ${day}::date and o.end_day >= ${day}::date and o.id > ${page.after}
        order by o.id limit ${page.limit}`,
  amountOf: (row) => advisorDailyEarning(BigInt(row.staking_amount), row.daily_rate_bp),
  pay: {
    from: 'advisor_income',
    type: 'advisor_income',
    referencePrefix: 'advisor',
    step: 'advisor-income',
    total: advisorOrders.incomeAmount,
  },
});

type MaturingOrder = { id: number; user_id: number; coin: Asset; staking_amount: string; fee_rate_bp: number };
const feeOf = (row: MaturingOrder) => advisorManagementFee(BigInt(row.staking_amount), row.fee_rate_bp);

/** The principal less the 10% fee back to the user, the fee to 'fees'. */
function maturityMoves(row: MaturingOrder, day: string): TransferInput[] {
  const principal = BigInt(row.staking_amount);
  const fee = feeOf(row);
  const base = { asset: row.coin, from: { system: 'advisor_stakes' as const }, reference: `advisor:${row.id}`, meta: { day } };
  const moves: TransferInput[] = [
    {
      ...base,
      to: { userId: Number(row.user_id) },
      amount: principal - fee,
      type: 'advisor_maturity',
      idempotencyKey: `advisor-maturity:${row.id}`,
    },
  ];
  if (fee > 0n) moves.push({ ...base, to: { system: 'fees' }, amount: fee, type: 'fee', idempotencyKey: `advisor-fee:${row.id}` });
  return moves;
}

/** Day D ends the orders whose last day is D and records each one's fee. */
export const followInvestMaturityStep = maturityStep<MaturingOrder>({
  name: 'advisor-maturity',
  table: advisorOrders,
  endedAt: advisorOrders.maturedAt,
  returning: sql`id, user_id, coin, staking_amount::text, fee_rate_bp`,
  moves: maturityMoves,
  principalOf: (row) => BigInt(row.staking_amount),
  after: (tx, rows) =>
    addPerRow(
      tx,
      advisorOrders.feeAmount,
      rows.map((row) => [Number(row.id), feeOf(row)]),
    ),
});
