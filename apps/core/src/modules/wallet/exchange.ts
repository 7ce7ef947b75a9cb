import {
  AppError,
  ASSETS,
  type Asset,
  convert,
  type ExchangeRate,
  type ExchangeResult,
  formatMoney,
  formatRate,
  GAME_COINS,
  type Money,
  parseRate,
} from '@prism/domain';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { Random } from '../../platform/random';
import { balancesOf, lockMoneyOut, recordExchangeTurnover, transferBatch } from '../ledger';
import type { ExclusionGuard } from '../protection';
import { exchangeRates } from './schema';

export async function listRates(db: Executor): Promise<ExchangeRate[]> {
  const rows = await db
    .select()
    .from(exchangeRates)
    .where(eq(exchangeRates.enabled, true))
    .orderBy(exchangeRates.fromAsset, exchangeRates.toAsset);
  return rows.map((row) => ({ fromCoin: row.fromAsset as Asset, toCoin: row.toAsset as Asset, rate: row.rate }));
}

export async function rateOf(db: Executor, fromCoin: Asset, toCoin: Asset): Promise<bigint> {
  const [row] = await db
    .select()
    .from(exchangeRates)
    .where(and(eq(exchangeRates.fromAsset, fromCoin), eq(exchangeRates.toAsset, toCoin), eq(exchangeRates.enabled, true)));
  const rate = row ? parseRate(row.rate) : undefined;
  if (!rate) throw new AppError('EXCHANGE_UNAVAILABLE');
  return rate;
}

/**
 * Exchanges inside the caller's transaction: the source leaves through the
 * 'exchange' system account and the target comes back from it, so each asset
 * still sums to zero. The turnover lock follows the money: the locked part of
 * the amount stays locked in the coin bought (packages/domain wallet/turnover.ts).
 */
export async function exchange(
  tx: Executor,
  deps: { clock: Clock; random: Random; refuseExcluded: ExclusionGuard },
  userId: number,
  input: { fromCoin: Asset; toCoin: Asset; amount: Money },
): Promise<ExchangeResult> {
  const { fromCoin, toCoin, amount } = input;
  if (fromCoin === toCoin || !ASSETS.includes(fromCoin) || !ASSETS.includes(toCoin)) throw new AppError('EXCHANGE_UNAVAILABLE');
  // Into a game coin feeds play (refused while self-excluded); out of one, or between CASH and USDT,
  // stays open so a player's money is never locked in (docs/protection.md).
  if ((GAME_COINS as readonly Asset[]).includes(toCoin)) await deps.refuseExcluded(tx, userId);
  const rate = await rateOf(tx, fromCoin, toCoin);
  const received = convert(amount, rate);
  if (received <= 0n) throw new AppError('EXCHANGE_TOO_SMALL');
  // Serialised with the user's withdrawals and other exchanges: each sees the lock the other left.
  await lockMoneyOut(tx, userId);
  const reference = `exchange:${Buffer.from(deps.random.bytes(8)).toString('hex')}`;
  const now = deps.clock.now();
  const meta = { fromCoin, toCoin, rate: formatRate(rate) };
  // Both legs in one batch: all four rows locked in id order, so exchanges in opposite directions
  // (CASH->CHIP and CHIP->CASH on the same shard) cannot deadlock; a debit beyond the balance is refused.
  await transferBatch(
    tx,
    [
      { asset: fromCoin, from: { userId }, to: { system: 'exchange' }, amount, type: 'exchange', reference, meta },
      { asset: toCoin, from: { system: 'exchange' }, to: { userId }, amount: received, type: 'exchange', reference, meta },
    ],
    now,
  );
  const balance = (await balancesOf(tx, userId))[fromCoin] + amount;
  await recordExchangeTurnover(tx, userId, { from: fromCoin, to: toCoin, amount, received, balance });
  return { fromCoin, toCoin, amount: formatMoney(amount), received: formatMoney(received), rate: formatRate(rate) };
}
